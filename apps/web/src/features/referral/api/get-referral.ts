import type { ReferralFriends, ReferralSummary } from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { QUERY_ROOTS } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

/** Referral queries sit under the rewards root: a claim anywhere refreshes them. */
const REFERRAL_KEY = [QUERY_ROOTS.rewards, 'referral'] as const;
const FRIENDS_PAGE_SIZE = 10;

/** The member's referral code, the brand's programme and the invited friends in figures. */
const getReferralSummary = () => api.get<ReferralSummary>('/wps/referral/summary');

/** Friends who registered with the member's code, newest first. */
const getReferralFriends = (pageNo: number) =>
  api.get<ReferralFriends>('/wps/referral/friends', { pageNo, pageSize: FRIENDS_PAGE_SIZE });

const referralSummaryOptions = (customerId: number | null) =>
  queryOptions({
    queryKey: [...REFERRAL_KEY, 'summary', customerId],
    queryFn: getReferralSummary,
    staleTime: 30_000,
  });

const referralFriendsOptions = (customerId: number | null, pageNo: number) =>
  queryOptions({
    queryKey: [...REFERRAL_KEY, 'friends', customerId, pageNo],
    queryFn: () => getReferralFriends(pageNo),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const useReferralSummary = () => useQuery(referralSummaryOptions(useSession((s) => s.customerId)));
export const useReferralFriends = (pageNo: number) =>
  useQuery(
    referralFriendsOptions(
      useSession((s) => s.customerId),
      pageNo,
    ),
  );
