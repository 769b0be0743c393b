import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import { useSession } from '../../auth/session';
import { ApprovalsPage } from './approvals';
import '../players/players.css';
import './cashier.css';

/** The cashier section under /cashier: the maker-checker approvals. */
export default function CashierRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to="approvals" replace />} />
      <Route path="approvals" element={<ApprovalsGate />} />
    </Routes>
  );
}

/** Approvals are open to withdrawal viewers and adjustment approvers (either permission). */
function ApprovalsGate() {
  const { can } = useSession();
  const { t } = useTranslation();
  if (!can('cashier.withdrawals.view') && !can('cashier.adjustments.approve'))
    return <p className="bo-forbidden">{t('common.forbidden')}</p>;
  return <ApprovalsPage />;
}
