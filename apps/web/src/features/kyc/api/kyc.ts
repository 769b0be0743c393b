import type { KycDocument, KycDocumentKind, KycStatus, KycSubmitInput } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { QUERY_ROOTS } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

/** The root of the verification queries: a submission refreshes the status and the withdrawal page. */
const ROOT = 'kyc';

export const useKycStatus = () =>
  useQuery({
    queryKey: [ROOT, 'status', useSession((s) => s.customerId)],
    queryFn: () => api.get<KycStatus>('/wps/member/kyc'),
  });

/** One photo as a draft of the next submission (raw body, typed by the file's own type). */
export const useUploadDocument = () =>
  useMutation({
    mutationFn: ({ kind, file }: { kind: KycDocumentKind; file: Blob }) =>
      api.upload<KycDocument>(`/wps/member/kyc/documents/${kind}`, file),
  });

export function useSubmitKyc() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: KycSubmitInput) => api.post<KycStatus>('/wps/member/kyc/submit', input),
    onSuccess: (status) => {
      qc.setQueriesData({ queryKey: [ROOT, 'status'] }, status);
      // The withdrawal page says why a withdrawal waits: it follows.
      return qc.invalidateQueries({ queryKey: [QUERY_ROOTS.cashier] });
    },
  });
}
