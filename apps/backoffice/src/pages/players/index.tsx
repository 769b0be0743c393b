import { Route, Routes } from 'react-router';
import { RequirePermission } from '../../auth/session';
import { PlayerPage } from './player-page';
import { PlayerSearch } from './search';
import './players.css';

/** The players section under /players: the search, and one page per player. */
export default function PlayersRoutes() {
  return (
    <Routes>
      <Route
        index
        element={
          <RequirePermission permission="players.search">
            <PlayerSearch />
          </RequirePermission>
        }
      />
      <Route
        path=":memberId"
        element={
          <RequirePermission permission="players.view">
            <PlayerPage />
          </RequirePermission>
        }
      />
    </Routes>
  );
}
