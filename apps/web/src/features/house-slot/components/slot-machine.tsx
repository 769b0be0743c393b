import type { SlotInfo, SlotSpinResult } from '@app/contracts';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/error-text';
import { showMoney } from '../../../lib/money';
import { useLeaveGame } from '../../../lib/game-client/use-leave-game';
import { useReducedMotion } from '../../../lib/use-reduced-motion';
import { useSlotGame, type SlotView } from '../hooks/use-slot-game';
import { useSpinKeys } from '../hooks/use-spin-keys';
import { BetSelector } from './bet-selector';
import { HistoryPanel } from './history-panel';
import { RulesModal } from './rules-modal';
import { SlotReels } from './slot-reels';
import { SymbolSprite } from './symbol-art';
import { WinCounter } from './win-counter';
import '../../../styles/house-slot.css';
import { GameTopBar } from '../../../lib/game-client/game-chrome';
import { SLOT_CHROME } from '../chrome';
import { GameGate, type GameLaunch, type GamePlay } from '../../../lib/game-client/game-gate';
import { slotGame } from '../api/game';
import { Icon } from '../../../components/ui/icon';

const ART = (
  <span className="hs-loading-reels" aria-hidden="true">
    <span />
    <span />
    <span />
  </span>
);

/** The house slot's game client: loading, a dead or missing ticket, or the game. */
export function SlotMachine(launch: GameLaunch) {
  return (
    <GameGate chrome={SLOT_CHROME} art={ART} launch={launch} game={slotGame}>
      {(play) => <SlotPlay {...play} />}
    </GameGate>
  );
}

function WinMessage({ view, money }: { view: SlotView; money: (n: number) => string }) {
  const { t } = useTranslation('play');
  if (view.reels !== 'idle') return <>{t('houseSlot.goodLuck')}</>;
  const m = view.highlight?.message;
  if (!m) return <>{t('houseSlot.hint')}</>;
  if (m.kind === 'total') return <>{t('houseSlot.spinWin', { amount: money(m.win) })}</>;
  // Line and scatter pays are listed before the free spins' multiplier, which the total includes.
  const times = m.multiplier > 1 ? ` ×${m.multiplier}` : '';
  if (m.kind === 'line') {
    const symbol = t(`houseSlot.symbols.${m.symbol}`);
    return (
      <>{t('houseSlot.lineWin', { line: m.line + 1, n: m.count, symbol, amount: money(m.win) }) + times}</>
    );
  }
  return (
    <>
      {m.win > 0
        ? t('houseSlot.scatterWin', { n: m.count, amount: money(m.win) }) + times
        : t('houseSlot.scatterLanded', { n: m.count })}
    </>
  );
}

function SlotPlay({ token, info, backUrl, onTicketDead, refetchInfo }: GamePlay<SlotInfo>) {
  const { t } = useTranslation('play');
  const errorText = useErrorText();
  const leave = useLeaveGame(backUrl);
  const reducedMotion = useReducedMotion();
  const [rulesOpen, setRulesOpen] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  // The live region repeats a text only if it changes: a no-break space alternates at its end.
  const [said, setSaid] = useState({ text: '', n: 0 });
  const say = useCallback((text: string) => setSaid((s) => ({ text, n: s.n + 1 })), []);
  const money = useCallback((n: number) => showMoney(n, info.currencySymbol), [info.currencySymbol]);

  // The progressive jackpot this round won, shown until the next round is shown.
  const [jackpotWin, setJackpotWin] = useState<number | null>(null);
  const onRoundShown = useCallback(
    (result: SlotSpinResult) => {
      setJackpotWin(result.jackpotWin ?? null);
      const won =
        result.totalWin > 0
          ? t('houseSlot.youWon', { amount: money(result.totalWin) })
          : t('houseSlot.noWin');
      say(
        result.jackpotWin ? `${t('houseSlot.jackpotWon', { amount: money(result.jackpotWin) })} ${won}` : won,
      );
    },
    [money, say, t],
  );
  const onFreeSpinsAwarded = useCallback(
    (count: number, multiplier: number) => say(t('houseSlot.freeSpinsAwarded', { n: count, multiplier })),
    [say, t],
  );
  const game = useSlotGame({
    token,
    info,
    onTicketDead,
    errorText,
    refetchInfo,
    onRoundShown,
    onFreeSpinsAwarded,
  });
  const { view, busy } = game;
  const spin = () => void game.spin();
  useSpinKeys(spin, game.skip, busy);

  const notice = game.notice ?? (!busy && !game.affordable ? { kind: 'insufficient' as const } : null);
  const banner = view.banner;

  return (
    <div className={`hs-page${busy ? ' is-busy' : ''}`}>
      <SymbolSprite />
      <GameTopBar
        chrome={SLOT_CHROME}
        title={info.gameName}
        onBack={leave}
        onHistory={() => setHistoryOpen(true)}
        onRules={() => setRulesOpen(true)}
      />

      <main className="hs-cabinet">
        <div className={`hs-free-bar${view.freeSpins ? ' is-on' : ''}`}>
          {!view.freeSpins && (
            <span className="hs-tagline">
              {t('houseSlot.tagline', { n: info.lines.length, multiplier: info.scatter.freeSpinMultiplier })}
            </span>
          )}
          {view.freeSpins && (
            <div data-testid="slot-free-spins" className="hs-free-inner">
              <span className="hs-free-count">
                {t('houseSlot.freeSpinCounter', {
                  current: view.freeSpins.current,
                  total: view.freeSpins.total,
                })}
              </span>
              <span className="hs-free-mult">×{view.freeSpins.multiplier}</span>
              <span className="hs-free-win">
                {t('houseSlot.freeSpinsWin')}: <strong>{money(view.freeSpins.win)}</strong>
              </span>
            </div>
          )}
        </div>

        <div className="hs-stage">
          <SlotReels view={view} lines={info.lines} />
          {banner && (
            <div
              className={`hs-banner hs-banner-${banner.kind}`}
              data-testid={banner.kind === 'award' ? 'slot-free-spins-award' : 'slot-round-summary'}
            >
              {banner.kind === 'award' ? (
                <>
                  <strong>
                    {t('houseSlot.freeSpinsAwarded', { n: banner.count, multiplier: banner.multiplier })}
                  </strong>
                </>
              ) : (
                <>
                  <span>{t('houseSlot.freeSpinsWin')}</span>
                  <strong>{money(banner.freeSpinsWin)}</strong>
                  <span>{t('houseSlot.totalWin')}</span>
                  <strong className="hs-banner-total">{money(banner.win)}</strong>
                </>
              )}
            </div>
          )}
        </div>

        {jackpotWin !== null && (
          <p className="hs-jackpot-win" data-testid="slot-jackpot-win">
            {t('houseSlot.jackpotWon', { amount: money(jackpotWin) })}
          </p>
        )}
        <p className="hs-message">
          <WinMessage view={view} money={money} />
        </p>
      </main>

      <section className="hs-controls" aria-label={t('houseSlot.controls')}>
        <div className="hs-meters">
          <div className="hs-meter">
            <span className="hs-label">{t('houseSlot.balance')}</span>
            <span className="hs-amount" data-testid="slot-balance">
              {money(game.balance)}
            </span>
          </div>
          <div className={`hs-meter hs-meter-win${view.win > 0 ? ' has-win' : ''}`}>
            <span className="hs-label">{t('houseSlot.win')}</span>
            {/* Not a live region: the count-up would be read out digit by digit; the result is announced below. */}
            <span className="hs-amount" data-testid="slot-win">
              <WinCounter value={view.win} currency={info.currencySymbol} animate={!reducedMotion} />
            </span>
          </div>
        </div>

        <BetSelector
          options={info.betOptions}
          bet={game.bet}
          lineCount={info.lines.length}
          currency={info.currencySymbol}
          disabled={busy || game.retryPending}
          onChange={game.setBet}
        />

        <div className="hs-actions">
          <button
            type="button"
            className={`hs-spin${game.retryPending ? ' is-retry' : ''}`}
            data-testid="slot-spin"
            disabled={busy || !game.affordable}
            onClick={spin}
          >
            <Icon name="spin" size={22} />
            <span>{game.retryPending ? t('houseSlot.retrySpin') : t('houseSlot.spin')}</span>
          </button>
          <button
            type="button"
            className="hs-skip"
            data-testid="slot-skip"
            onClick={game.skip}
            disabled={!busy}
            aria-hidden={!busy}
            tabIndex={busy ? 0 : -1}
          >
            {t('houseSlot.skip')}
          </button>
        </div>

        <p className={`hs-notice${notice ? ' is-on' : ''}`} role="alert" data-testid="slot-notice">
          {notice?.kind === 'insufficient' && t('houseSlot.insufficient')}
          {notice?.kind === 'retry' && t('houseSlot.networkRetry')}
          {notice?.kind === 'error' && notice.message}
        </p>
      </section>

      <p className="visually-hidden" role="status" aria-live="polite" data-testid="slot-announce">
        {said.text}
        {said.n % 2 ? '\u00a0' : ''}
      </p>

      <RulesModal info={info} bet={game.bet} open={rulesOpen} onClose={() => setRulesOpen(false)} />
      <HistoryPanel
        token={token}
        currency={info.currencySymbol}
        open={historyOpen}
        onClose={() => setHistoryOpen(false)}
      />
    </div>
  );
}
