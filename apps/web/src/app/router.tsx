import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { paths } from '../config/paths';
import { HeaderOnlyLayout } from './shell/header-only-layout';
import { Layout } from './shell/layout';

// Every page is its own chunk; the shell (header, banner, notice bar) is in the entry.
// Declarative routes (not the data router): the site loads its data through TanStack Query,
// and this mode is about 17 KB (gzipped) lighter on the first visit.
const HomePage = lazy(() => import('./routes/home').then((m) => ({ default: m.HomePage })));
const NoticePage = lazy(() => import('./routes/notice-page').then((m) => ({ default: m.NoticePage })));
const HelpPage = lazy(() => import('./routes/help').then((m) => ({ default: m.HelpPage })));
const HelpmcPage = lazy(() => import('./routes/helpmc').then((m) => ({ default: m.HelpmcPage })));
const DownPage = lazy(() => import('./routes/down').then((m) => ({ default: m.DownPage })));
const JoinPage = lazy(() => import('./routes/join').then((m) => ({ default: m.JoinPage })));
const CategoryPage = lazy(() => import('./routes/category').then((m) => ({ default: m.CategoryPage })));
const HotPage = lazy(() => import('./routes/hot').then((m) => ({ default: m.HotPage })));
const GameFramePage = lazy(() => import('./routes/game-frame').then((m) => ({ default: m.GameFramePage })));
const SeamlessPage = lazy(() => import('./routes/seamless').then((m) => ({ default: m.SeamlessPage })));
const FbSportsPage = lazy(() => import('./routes/fbsports').then((m) => ({ default: m.FbSportsPage })));
/** The house games' clients (ISSUE 5, 6): what a launch URL opens, a page of its own in a frame. */
const PLAY_PAGES = [
  [paths.playSlot, lazy(() => import('./routes/play-slot').then((m) => ({ default: m.PlaySlotPage })))],
  [paths.playCards, lazy(() => import('./routes/play-cards').then((m) => ({ default: m.PlayCardsPage })))],
  [paths.playFish, lazy(() => import('./routes/play-fish').then((m) => ({ default: m.PlayFishPage })))],
  [
    paths.playCockfight,
    lazy(() => import('./routes/play-cockfight').then((m) => ({ default: m.PlayCockfightPage }))),
  ],
  [
    paths.playBaccarat,
    lazy(() => import('./routes/play-baccarat').then((m) => ({ default: m.PlayBaccaratPage }))),
  ],
  [paths.playSports, lazy(() => import('./routes/play-sports').then((m) => ({ default: m.PlaySportsPage })))],
] as const;
const NotFoundPage = lazy(() => import('./routes/not-found').then((m) => ({ default: m.NotFoundPage })));

// Login, register and forgot-password are popups over the home page (identity issue).
const HOME_PATHS = [...paths.homeAliases, paths.login, paths.forget, paths.register, paths.registerHtml];

export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path={paths.helpmc} element={<HelpmcPage />} />
        {PLAY_PAGES.map(([path, Page]) => (
          <Route
            key={path}
            path={path}
            element={
              <Suspense fallback={null}>
                <Page />
              </Suspense>
            }
          />
        ))}
        <Route element={<HeaderOnlyLayout />}>
          <Route path={paths.seamless} element={<SeamlessPage />} />
        </Route>
        <Route element={<Layout />}>
          <Route index element={<HomePage />} />
          {HOME_PATHS.map((p) => (
            <Route key={p} path={p} element={<HomePage />} />
          ))}
          <Route path={paths.noticePage} element={<NoticePage />} />
          <Route path={paths.help} element={<HelpPage />} />
          <Route path={paths.down} element={<DownPage />} />
          <Route path={paths.download} element={<DownPage />} />
          <Route path={paths.join} element={<JoinPage />} />
          <Route path={paths.hot} element={<HotPage />} />
          <Route path={paths.game} element={<GameFramePage />} />
          <Route path={paths.fbsports} element={<FbSportsPage />} />
          {/* /rng, /fish, /pvp, /live, ...: a category page (unknown categories show the 404 page). */}
          <Route path={paths.categoryParam} element={<CategoryPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
