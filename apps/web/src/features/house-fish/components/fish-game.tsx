import type { FishInfo, FishShotResult } from '@app/contracts';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/error-text';
import { showMoney } from '../../../lib/money';
import { useFishInfo } from '../api/get-fish-info';
import { safeBackUrl } from '../../../lib/game-client/back-url';
import { useFishGame } from '../hooks/use-fish-game';
import { useLaunchLanguage } from '../../../lib/game-client/use-launch-language';
import { useLeaveGame } from '../../../lib/game-client/use-leave-game';
import { GameLoading, GameProblem, GameTopBar, type GameChrome } from '../../../components/ui/game-chrome';
import { useReducedMotion } from '../../../lib/use-reduced-motion';
import { useThemeFollow } from '../../../lib/game-client/use-theme-follow';
import type { Ocean } from '../ocean';
import { BetPicker } from './bet-picker';
import { HistoryPanel } from './history-panel';
import { OceanCanvas } from './ocean-canvas';
import { RulesModal } from './rules-modal';
import '../../../styles/house-fish.css';
import { isTicketError } from '../../../lib/game-client/ticket-error';

interface FishGameProps {
  /** The game ticket (exchanged for the launch URL's ?code=); null: none or refused. */
  token: string | null;
  /** The launch language (?lang=). */
  lang: string | null;
  /** Where Back goes (?backUrl=), unchecked: only a path of this site is followed. */
  backUrl: string | null;
}

const CHROME: GameChrome = { ns: 'houseFish', css: 'hf', testId: 'fish' };

/** The fishing shooter's game client: loading, a dead or missing ticket, or the game. */
export function FishGame({ token, lang, backUrl }: FishGameProps) {
  useThemeFollow();
  const back = safeBackUrl(backUrl);
  const ready = useLaunchLanguage(lang);
  if (!ready) return <FishLoading />;
  if (!token) return <GameProblem chrome={CHROME} kind="ticket" backUrl={back} />;
  return <FishLoader token={token} backUrl={back} />;
}

function FishLoading() {
  const art = (
    <span className="hf-bubbles" aria-hidden="true">
      <span />
      <span />
      <span />
    </span>
  );
  return <GameLoading chrome={CHROME} art={art} />;
}
function FishLoader({ token, backUrl }: { token: string; backUrl: string }) {
  const info = useFishInfo(token);
  const [dead, setDead] = useState(false);
  const refetchInfo = useCallback(async () => (await info.refetch()).data, [info]);

  if (info.isPending) return <FishLoading />;
  if (dead || (info.isError && isTicketError(info.error)))
    return <GameProblem chrome={CHROME} kind="ticket" backUrl={backUrl} />;
  if (info.isError)
    return <GameProblem chrome={CHROME} kind="load" backUrl={backUrl} onRetry={() => void info.refetch()} />;
  return (
    <FishPlay
      token={token}
      info={info.data}
      backUrl={backUrl}
      onTicketDead={() => setDead(true)}
      refetchInfo={refetchInfo}
    />
  );
}

interface FishPlayProps {
  token: string;
  info: FishInfo;
  backUrl: string;
  onTicketDead: () => void;
  refetchInfo: () => Promise<FishInfo | undefined>;
}

function FishPlay({ token, info, backUrl, onTicketDead, refetchInfo }: FishPlayProps) {
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
        chrome={CHROME}
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
