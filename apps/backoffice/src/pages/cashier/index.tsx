import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import { RequirePermission, useSession } from '../../auth/session';
import { ApprovalsPage } from './approvals';
import { DepositsPage } from './deposits';
import { WithdrawalsPage } from './withdrawals';
import '../players/players.css';
import './cashier.css';

/** The cashier section under /cashier: the deposit and withdrawal queues and the maker-checker approvals. */
export default function CashierRoutes() {
  return (
    <Routes>
      <Route index element={<FirstQueue />} />
      <Route
        path="deposits"
        element={
          <RequirePermission permission="cashier.deposits.view">
            <DepositsPage />
          </RequirePermission>
        }
      />
      <Route
        path="withdrawals"
        element={
          <RequirePermission permission="cashier.withdrawals.view">
            <WithdrawalsPage />
          </RequirePermission>
        }
      />
      <Route path="approvals" element={<ApprovalsGate />} />
    </Routes>
  );
}

/** /cashier opens the first queue the staff member may see. */
function FirstQueue() {
  const { can } = useSession();
  const to = can('cashier.deposits.view')
    ? 'deposits'
    : can('cashier.withdrawals.view')
      ? 'withdrawals'
      : 'approvals';
  return <Navigate to={to} replace />;
}

/**
 * Approvals are open to whoever decides one kind of request (withdrawal payments or adjustments);
 * the server lists only the kinds the caller may decide.
 */
function ApprovalsGate() {
  const { can } = useSession();
  const { t } = useTranslation();
  if (!can('cashier.withdrawals.decide') && !can('cashier.adjustments.approve'))
    return <p className="bo-forbidden">{t('common.forbidden')}</p>;
  return <ApprovalsPage />;
}
