import { lazy, Suspense, type ComponentType } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { paths } from '../config/paths';
import { i18n } from '../lib/i18n';
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
/**
 * A house game's client page, with the games' texts (the `play` namespace) loaded alongside: the
 * page never shows before its words.
 */
function playPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(() => Promise.all([load(), i18n.loadNamespaces('play')]).then(([m]) => ({ default: m[name] })));
}
/** A lottery page, with the lottery's texts (the `lottery` namespace) loaded alongside. */
function lotteryPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(() =>
    Promise.all([load(), i18n.loadNamespaces('lottery')]).then(([m]) => ({ default: m[name] })),
  );
}
const LotteryPage = lotteryPage(() => import('./routes/lottery'), 'LotteryPage');
const VnLotteryPage = lotteryPage(() => import('./routes/lottery'), 'VnLotteryPage');
/** The agent home, with the agent centre's texts (the `agent` namespace) loaded alongside. */
const AgentHomePage = lazy(() =>
  Promise.all([import('./routes/agent-home'), i18n.loadNamespaces('agent')]).then(([m]) => ({
    default: m.AgentHomePage,
  })),
);
/** The points mall, with its texts (the `points` namespace) loaded alongside. */
const PointMallPage = lazy(() =>
  Promise.all([import('./routes/point-mall'), i18n.loadNamespaces('points')]).then(([m]) => ({
    default: m.PointMallPage,
  })),
);
/** The VIP page, with the VIP and rebate texts (the `vip` namespace) loaded alongside. */
const VipPage = lazy(() =>
  Promise.all([import('./routes/vip'), i18n.loadNamespaces('vip')]).then(([m]) => ({ default: m.VipPage })),
);
/** The promotions list and detail, with their texts (the `promo` namespace) loaded alongside. */
const PromotionsPage = lazy(() =>
  Promise.all([import('./routes/promotions'), i18n.loadNamespaces('promo')]).then(([m]) => ({
    default: m.PromotionsPage,
  })),
);
const PromoDetailPage = lazy(() =>
  Promise.all([import('./routes/promo-detail'), i18n.loadNamespaces('promo')]).then(([m]) => ({
    default: m.PromoDetailPage,
  })),
);
/**
 * The customer-service chat (what the service window opens), with its texts (the `chat`
 * namespace) loaded alongside; no site shell: it lives in a small popup.
 */
const ChatPage = lazy(() =>
  Promise.all([import('./routes/chat'), i18n.loadNamespaces('chat')]).then(([m]) => ({
    default: m.ChatPage,
  })),
);
/** The house games' clients (6): what a launch URL opens, a page of its own in a frame. */
const PLAY_PAGES = [
  [paths.playSlot, playPage(() => import('./routes/play-slot'), 'PlaySlotPage')],
  [paths.playCards, playPage(() => import('./routes/play-cards'), 'PlayCardsPage')],
  [paths.playFish, playPage(() => import('./routes/play-fish'), 'PlayFishPage')],
  [paths.playCockfight, playPage(() => import('./routes/play-cockfight'), 'PlayCockfightPage')],
  [paths.playBaccarat, playPage(() => import('./routes/play-baccarat'), 'PlayBaccaratPage')],
  [paths.playSports, playPage(() => import('./routes/play-sports'), 'PlaySportsPage')],
] as const;
/** /m/...: a mobile address, opened as the same page of this site in the phone shell. */
const MobileEntry = lazy(() => import('./routes/mobile-entry').then((m) => ({ default: m.MobileEntry })));
const NotFoundPage = lazy(() => import('./routes/not-found').then((m) => ({ default: m.NotFoundPage })));

// Login, register and forgot-password are popups over the home page (identity issue).
const HOME_PATHS = [...paths.homeAliases, paths.login, paths.forget, paths.register, paths.registerHtml];

export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route
          path={paths.helpmc}
          element={
            <Suspense fallback={<div className="boot-splash" aria-busy="true" />}>
              <HelpmcPage />
            </Suspense>
          }
        />
        {[paths.mobile, `${paths.mobile}/*`].map((path) => (
          <Route
            key={path}
            path={path}
            element={
              <Suspense fallback={<div className="boot-splash" aria-busy="true" />}>
                <MobileEntry />
              </Suspense>
            }
          />
        ))}
        <Route
          path={paths.chat}
          element={
            <Suspense fallback={<div className="boot-splash" aria-busy="true" />}>
              <ChatPage />
            </Suspense>
          }
        />
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
          <Route path={paths.lottery} element={<LotteryPage />} />
          <Route path={paths.vnlottery} element={<VnLotteryPage />} />
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
          <Route path={paths.agentHome} element={<AgentHomePage />} />
          <Route path={paths.vip} element={<VipPage />} />
          <Route path={paths.pointMall} element={<PointMallPage />} />
          <Route path={paths.promotions} element={<PromotionsPage />} />
          <Route path={paths.promoDetail} element={<PromoDetailPage />} />
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
