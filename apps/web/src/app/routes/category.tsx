import { GAME_TYPES, type GameType } from '@app/contracts';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { GameListScreen } from '../../features/games/components/game-list-screen';
import { LobbyScreen } from '../../features/games/components/lobby-screen';
import { i18n } from '../../lib/i18n';
import { NotFoundPage } from './not-found';

/** /elott's lottery games, with the lottery's texts, in a chunk of their own. */
const ElottGames = lazy(() =>
  Promise.all([
    import('../../features/lottery/components/popular-lotteries'),
    i18n.loadNamespaces('lottery'),
  ]).then(([m]) => ({ default: m.ElottGames })),
);

/** Types with a game list screen (SPEC section 2); the others have a vendor lobby. */
const LIST_TYPES = ['RNG', 'FISH', 'PVP'] as const;
type ListType = (typeof LIST_TYPES)[number];

/** /{games}: the route parameter upper-cased into the game type; /elott serves ELOTT and LOTT. */
export function CategoryPage() {
  const raw = (useParams().games ?? '').toUpperCase();
  if (!(GAME_TYPES as readonly string[]).includes(raw)) return <NotFoundPage />;
  const type = raw as GameType;
  if ((LIST_TYPES as readonly string[]).includes(type)) {
    // Keyed: switching category starts a fresh screen (tabs, filters, page).
    return <GameListScreen key={type} gameType={type as ListType} />;
  }
  if (type === 'ELOTT' || type === 'LOTT') {
    // The lottery vendors, then their games: each opens its betting page on /lottery.
    return (
      <>
        <LobbyScreen key={type} gameTypes={['ELOTT', 'LOTT']} />
        <Suspense fallback={<div className="skeleton-block" aria-busy="true" />}>
          <ElottGames />
        </Suspense>
      </>
    );
  }
  return <LobbyScreen key={type} gameTypes={[type]} />;
}
