import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import { useSession } from '../../auth/session';
import { ApprovalsPage } from './approvals';
import { DepositsPage } from './deposits';
import '../players/players.css';
import './cashier.css';

/** The cashier section under /cashier: the deposit queue and the maker-checker approvals. */
export default function CashierRoutes() {
  return (
    <Routes>
      <Route index element={<FirstQueue />} />
      <Route path="deposits" element={<DepositsGate />} />
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

/** The deposit queue needs the deposit viewer's permission (deciding needs another, per row). */
function DepositsGate() {
  const { can } = useSession();
  const { t } = useTranslation();
  if (!can('cashier.deposits.view')) return <p className="bo-forbidden">{t('common.forbidden')}</p>;
  return <DepositsPage />;
}

/** /cashier opens the first queue the staff member may see. */
function FirstQueue() {
  const { can } = useSession();
  return <Navigate to={can('cashier.deposits.view') ? 'deposits' : 'approvals'} replace />;
}
