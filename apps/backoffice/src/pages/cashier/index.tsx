import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import { RequirePermission, useSession } from '../../auth/session';
import { ApprovalsPage } from './approvals';
import { DepositsPage } from './deposits';
import { WithdrawalsPage } from './withdrawals';
import '../players/players.css';
import './cashier.css';

/** The cashier section under /cashier: deposits, withdrawals and the maker-checker approvals. */
export default function CashierRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to="deposits" replace />} />
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

/** Approvals are open to withdrawal viewers and adjustment approvers (either permission). */
function ApprovalsGate() {
  const { can } = useSession();
  const { t } = useTranslation();
  if (!can('cashier.withdrawals.view') && !can('cashier.adjustments.approve'))
    return <p className="bo-forbidden">{t('common.forbidden')}</p>;
  return <ApprovalsPage />;
}
