import type { BindPayoutAccountRequest, PayoutAccount } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { QUERY_ROOTS } from '../../../lib/query-keys';

/** Binds a bank or e-wallet account; encrypted (account number and payment password). */
const bindPayoutAccount = (body: BindPayoutAccountRequest) =>
  api.sendEncrypted<PayoutAccount>('POST', '/wps/cashier/payout-accounts', body);

export function useBindPayoutAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: bindPayoutAccount,
    // The withdraw info lists the accounts (and the payee name a first account may set).
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: [QUERY_ROOTS.cashier, 'withdrawInfo'] }),
        qc.invalidateQueries({ queryKey: ['member', 'info'] }),
      ]),
  });
}
