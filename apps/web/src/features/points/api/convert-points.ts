import type { Conversion, ConvertPointRequest } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateMoneyQueries } from '../../../lib/query-keys';
import { invalidatePoints } from './keys';

/** Converts points into the main wallet with the payment password (encrypted, idempotent on requestId). */
const convertPoints = (body: ConvertPointRequest) =>
  api.sendEncrypted<Conversion>('POST', '/wps/points/passwordCheck/convertPoint', body);

export function useConvertPoints() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: convertPoints,
    onSuccess: () => Promise.all([invalidatePoints(qc), invalidateMoneyQueries(qc)]),
  });
}
