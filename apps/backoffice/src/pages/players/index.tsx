import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { RequirePermission } from '../../auth/session';
import { PageHeader } from '../../ui';

/** The players section's routes under /players (the players pages replace this first version). */
export default function PlayersRoutes() {
  const { t } = useTranslation('players');
  return (
    <Routes>
      <Route
        index
        element={
          <RequirePermission permission="players.search">
            <PageHeader title={t('title')} />
          </RequirePermission>
        }
      />
    </Routes>
  );
}
