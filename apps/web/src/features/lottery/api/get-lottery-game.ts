import type { Language, LotteryGameInfo } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useApiLanguage } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { lotteryKeys } from './keys';

/** What the betting page needs: bet types with odds and limits, the current draw, the balance. */
export const getLotteryGame = (vendor: string, gameCode: string, language: Language) =>
  api.get<LotteryGameInfo>('/lgw/lottery/game', { gameCode, vendor: vendor || undefined, language });

/**
 * Keyed by member (the balance is theirs) and language. The page refetches it when the current
 * draw locks or is due, so the next draw shows.
 */
export const lotteryGameQueryOptions = (
  customerId: number | null,
  vendor: string,
  gameCode: string,
  language: Language,
) =>
  queryOptions({
    queryKey: [...lotteryKeys.game(vendor, gameCode), customerId, language],
    queryFn: () => getLotteryGame(vendor, gameCode, language),
    staleTime: 10_000,
  });

export function useLotteryGame(vendor: string, gameCode: string) {
  const customerId = useSession((s) => s.customerId);
  return useQuery(lotteryGameQueryOptions(customerId, vendor, gameCode, useApiLanguage()));
}
