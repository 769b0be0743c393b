import { QueryState } from '../../../components/ui/query-state';
import { useMemberInfo } from '../../../features/member/api/get-member-info';
import { UplineTransfer } from '../../../features/wallet/components/upline-transfer';
import { usePopups } from '../../../lib/popups';

/** Transfer to upline: the wallet's form, told by member info whether there is an upline. */
export function TransferUplinePage() {
  const info = useMemberInfo();
  const show = usePopups((s) => s.show);
  return (
    <QueryState query={info}>
      {(m) => (
        <UplineTransfer
          hasUpline={m.toUpline}
          hasPaymentPassword={m.hasPaymentPassword}
          onSetPaymentPassword={() => show('memberCentre', { page: 'securityCenter' })}
        />
      )}
    </QueryState>
  );
}
