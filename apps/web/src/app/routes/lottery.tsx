import { PRIZE_MODES, type PrizeMode } from '@app/contracts';
import { useSearchParams } from 'react-router';
import { LotteryBettingPage } from '../../features/lottery/components/betting-page';
import { LotteryLobby, VnLotteryLobby } from '../../features/lottery/components/lottery-lobby';

/** A game code or vendor as the query may carry it (anything else is ignored). */
const CODE = /^[A-Za-z0-9_.-]{1,64}$/;
const param = (v: string | null) => (v && CODE.test(v) ? v : null);
const prizeModeParam = (v: string | null): PrizeMode | null =>
  PRIZE_MODES.find((m) => m.toLowerCase() === v?.toLowerCase()) ?? null;

/**
 * /lottery (header only, SPEC section 2): the lobby, or with ?gameCode= (and vendor, playType) that
 * game's betting page (?prizeMode=: the odds scheme a lottery launch asked for). ?vendor= alone
 * opens the lobby on that vendor's games.
 */
export function LotteryPage() {
  const [params] = useSearchParams();
  const gameCode = param(params.get('gameCode'));
  const vendor = param(params.get('vendor'));
  const playType = param(params.get('playType'));
  const prizeMode = prizeModeParam(params.get('prizeMode'));
  if (gameCode) {
    // Keyed: another game starts a fresh page (slip, picker, timers).
    return (
      <LotteryBettingPage
        key={`${vendor ?? ''}:${gameCode}:${prizeMode ?? ''}`}
        gameCode={gameCode}
        vendor={vendor ?? ''}
        playType={playType}
        prizeMode={prizeMode}
      />
    );
  }
  return <LotteryLobby key={vendor ?? ''} vendor={vendor} initialTab={playType?.toUpperCase() ?? null} />;
}

/** /vnlottery (header only): the VN lottery lobby, a tab per game group, with the results of a game. */
export function VnLotteryPage() {
  const [params] = useSearchParams();
  return <VnLotteryLobby vendor={param(params.get('vendor'))} initialTab={null} />;
}
