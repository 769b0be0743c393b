import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

export interface LoginHistoryEntry {
  /** ISO time (UTC); shown in the brand's time zone. */
  time: string;
  ip: string;
  device: string;
  success: boolean;
  method: string;
}
interface LoginHistoryPage {
  list: LoginHistoryEntry[];
  totalPages: number;
}

const LOGIN_HISTORY_PAGE_SIZE = 10;

const getLoginHistory = (pageNo: number) =>
  api.get<LoginHistoryPage>('/wps/member/loginHistory', { pageNo, pageSize: LOGIN_HISTORY_PAGE_SIZE });

const loginHistoryQueryOptions = (customerId: number | null, pageNo: number) =>
  queryOptions({
    queryKey: ['member', 'loginHistory', customerId, pageNo],
    queryFn: () => getLoginHistory(pageNo),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const useLoginHistory = (pageNo: number) =>
  useQuery(
    loginHistoryQueryOptions(
      useSession((s) => s.customerId),
      pageNo,
    ),
  );
