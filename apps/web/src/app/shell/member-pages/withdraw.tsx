import { WithdrawPage } from '../../../features/cashier/components/withdraw-page';
import { usePopups } from '../../../lib/popups';

/** Withdrawal, with the way to the security centre (payment password) and to verification (KYC). */
export function WithdrawEntryPage() {
  const show = usePopups((s) => s.show);
  return (
    <WithdrawPage
      onOpenSecurity={() => show('memberCentre', { page: 'securityCenter' })}
      onOpenVerification={() => show('memberCentre', { page: 'verification' })}
    />
  );
}
