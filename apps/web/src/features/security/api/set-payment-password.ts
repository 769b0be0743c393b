import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { MEMBER_INFO_KEY } from './get-member-info';

/** The login password proves it is the member; the payment password is 6 digits. */
interface PaymentPasswordChange {
  password: string;
  newPaymentPassword: string;
}

const setPaymentPassword = (body: PaymentPasswordChange) =>
  api.sendEncrypted<null>('POST', '/wps/member/password/payment', body);

export function useSetPaymentPassword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setPaymentPassword,
    onSuccess: () => qc.invalidateQueries({ queryKey: MEMBER_INFO_KEY }),
  });
}
