import { GAME_TYPES, type GameType } from '@app/contracts';
import { useParams } from 'react-router';
import { GameListScreen } from '../../features/games/components/game-list-screen';
import { LobbyScreen } from '../../features/games/components/lobby-screen';
import { NotFoundPage } from './not-found';

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
  const types: GameType[] = type === 'ELOTT' || type === 'LOTT' ? ['ELOTT', 'LOTT'] : [type];
  return <LobbyScreen key={type} gameTypes={types} />;
}
