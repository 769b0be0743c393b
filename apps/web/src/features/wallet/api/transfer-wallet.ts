import type { WalletBalance, WalletTransferRequest } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { balanceKey, invalidateMoneyQueries } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

/**
 * IN moves main → vendor, OUT vendor → main; no amount moves everything, OUT without a vendor
 * recalls every vendor wallet. Answers the balance after the move.
 */
const transferWallet = (body: WalletTransferRequest) =>
  api.post<WalletBalance>('/wps/relay/GCS_walletTransfer', body);

export function useTransferWallet() {
  const qc = useQueryClient();
  const customerId = useSession((s) => s.customerId);
  return useMutation({
    mutationFn: transferWallet,
    onSuccess: (balance) => {
      qc.setQueryData(balanceKey(customerId), balance);
      return invalidateMoneyQueries(qc);
    },
  });
}
