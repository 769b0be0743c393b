import type { Language, LotteryGameInfo, PrizeMode } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useApiLanguage } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { lotteryKeys } from './keys';

/** What the betting page needs: bet types with odds and limits, the current draw, the balance. */
const getLotteryGame = (
  vendor: string,
  gameCode: string,
  language: Language,
  prizeMode: PrizeMode | null = null,
) =>
  api.get<LotteryGameInfo>('/lgw/lottery/game', {
    gameCode,
    vendor: vendor || undefined,
    language,
    prizeMode: prizeMode ?? undefined,
  });

/**
 * Keyed by member (the balance is theirs) and language. The page refetches it when the current
 * draw locks or is due, so the next draw shows.
 */
const lotteryGameQueryOptions = (
  customerId: number | null,
  vendor: string,
  gameCode: string,
  language: Language,
  prizeMode: PrizeMode | null = null,
) =>
  queryOptions({
    queryKey: [...lotteryKeys.game(vendor, gameCode), customerId, language, prizeMode],
    queryFn: () => getLotteryGame(vendor, gameCode, language, prizeMode),
    staleTime: 10_000,
  });

/** prizeMode: the odds scheme a launch asked for (?prizeMode=); null: the brand's rule decides. */
export function useLotteryGame(vendor: string, gameCode: string, prizeMode: PrizeMode | null = null) {
  const customerId = useSession((s) => s.customerId);
  return useQuery(lotteryGameQueryOptions(customerId, vendor, gameCode, useApiLanguage(), prizeMode));
}
