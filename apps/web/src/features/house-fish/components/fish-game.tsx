import type { FishInfo, FishShotResult } from '@app/contracts';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/error-text';
import { showMoney } from '../../../lib/money';
import { useFishGame } from '../hooks/use-fish-game';
import { useLeaveGame } from '../../../lib/game-client/use-leave-game';
import { GameTopBar } from '../../../lib/game-client/game-chrome';
import { FISH_CHROME } from '../chrome';
import { GameGate, type GameLaunch, type GamePlay } from '../../../lib/game-client/game-gate';
import { fishGame } from '../api/game';
import { useReducedMotion } from '../../../lib/use-reduced-motion';
import type { Ocean } from '../ocean';
import { BetPicker } from './bet-picker';
import { HistoryPanel } from './history-panel';
import { OceanCanvas } from './ocean-canvas';
import { RulesModal } from './rules-modal';
import '../../../styles/house-fish.css';

const ART = (
  <span className="hf-bubbles" aria-hidden="true">
    <span />
    <span />
    <span />
  </span>
);

/** The fishing shooter's game client: loading, a dead or missing ticket, or the game. */
export function FishGame(launch: GameLaunch) {
  return (
    <GameGate chrome={FISH_CHROME} art={ART} launch={launch} game={fishGame}>
      {(play) => <FishPlay {...play} />}
    </GameGate>
  );
}

function FishPlay({ token, info, backUrl, onTicketDead, refetchInfo }: GamePlay<FishInfo>) {
  const { t } = useTranslation('play');
  const errorText = useErrorText();
  const leave = useLeaveGame(backUrl);
  const reducedMotion = useReducedMotion();
  const [rulesOpen, setRulesOpen] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const oceanRef = useRef<Ocean | null>(null);
  const targetRef = useRef<number | null>(null);
  const aimRef = useRef<{ x: number; y: number } | null>(null);
  // The live region repeats a text only if it changes: a no-break space alternates at its end.
  const [said, setSaid] = useState({ text: '', n: 0 });
  const money = useCallback((n: number) => showMoney(n, info.currencySymbol), [info.currencySymbol]);
  const shotText = useCallback(
    (s: FishShotResult) => {
      const fish = t(`houseFish.species.${s.fishSpeciesId}`);
      return s.captured
        ? t('houseFish.caught', { fish, multiplier: s.multiplier, amount: money(s.win) })
        : t('houseFish.missed', { fish });
    },
    [money, t],
  );
  const onShot = useCallback(
    (s: FishShotResult) => setSaid((x) => ({ text: shotText(s), n: x.n + 1 })),
    [shotText],
  );
  const game = useFishGame({
    token,
    info,
    reducedMotion,
    oceanRef,
    targetRef,
    aimRef,
    errorText,
    onTicketDead,
    onShot,
    refetchInfo,
    money,
  });
  const notice = game.notice ?? (!game.affordable ? { kind: 'insufficient' as const } : null);

  return (
    <div className="hf-page">
      <GameTopBar
        chrome={FISH_CHROME}
        title={info.gameName}
        onBack={leave}
        onHistory={() => setHistoryOpen(true)}
        onRules={() => setRulesOpen(true)}
      />

      <main className="hf-stage">
        <OceanCanvas
          species={info.species}
          still={reducedMotion}
          oceanRef={oceanRef}
          targetRef={targetRef}
          aimRef={aimRef}
          label={t('houseFish.seaLabel')}
          onTap={game.tap}
          onKey={game.key}
        />
        <p className="hf-message" data-testid="fish-message">
          {game.last ? shotText(game.last) : t('houseFish.hint', { bet: money(game.bet), rtp: info.rtp })}
        </p>
      </main>

      <section className="hf-controls" aria-label={t('houseFish.controls')}>
        <div className="hf-meter">
          <span className="hf-label">{t('houseFish.balance')}</span>
          <span className="hf-amount" data-testid="fish-balance">
            {money(game.balance)}
          </span>
        </div>
        <BetPicker
          options={info.betOptions}
          bet={game.bet}
          currency={info.currencySymbol}
          disabled={game.busy}
          onChange={game.setBet}
        />
        <div className={`hf-meter hf-meter-win${game.last?.captured ? ' has-win' : ''}`}>
          <span className="hf-label">{t('houseFish.lastWin')}</span>
          <span className="hf-amount" data-testid="fish-win">
            {money(game.last?.win ?? 0)}
          </span>
        </div>
        <p className={`hf-notice${notice ? ' is-on' : ''}`} role="alert" data-testid="fish-notice">
          {notice?.kind === 'insufficient' && t('houseFish.insufficient')}
          {notice?.kind === 'aim' && t('houseFish.aim', { bet: money(game.bet) })}
          {notice?.kind === 'retry' && t('houseFish.networkRetry')}
          {notice?.kind === 'error' && notice.message}
        </p>
      </section>

      <p className="visually-hidden" role="status" aria-live="polite" data-testid="fish-announce">
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
