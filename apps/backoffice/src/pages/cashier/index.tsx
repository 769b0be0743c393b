import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import { RequirePermission } from '../../auth/session';
import { PageHeader } from '../../ui';

/** The cashier section's routes under /cashier (the cashier pages replace this first version). */
export default function CashierRoutes() {
  const { t } = useTranslation('cashier');
  return (
    <Routes>
      <Route index element={<Navigate to="deposits" replace />} />
      <Route
        path="deposits"
        element={
          <RequirePermission permission="cashier.deposits.view">
            <PageHeader title={t('deposits')} />
          </RequirePermission>
        }
      />
      <Route
        path="withdrawals"
        element={
          <RequirePermission permission="cashier.withdrawals.view">
            <PageHeader title={t('withdrawals')} />
          </RequirePermission>
        }
      />
      <Route path="approvals" element={<PageHeader title={t('approvals')} />} />
    </Routes>
  );
}
