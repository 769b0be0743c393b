import type { CockfightBet, CockfightInfo, CockfightState } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { showMoney } from '../../../lib/money';
import { cockfightKeys } from '../api/game-token';
import { useCockfightInfo } from '../api/get-cockfight-info';
import { useCockfightState } from '../api/get-cockfight-state';
import { safeBackUrl } from '../../../lib/game-client/back-url';
import { useLaunchLanguage } from '../../../lib/game-client/use-launch-language';
import { useLeaveGame } from '../../../lib/game-client/use-leave-game';
import { useReducedMotion } from '../../../lib/use-reduced-motion';
import { useServerClock } from '../hooks/use-server-clock';
import { useThemeFollow } from '../../../lib/game-client/use-theme-follow';
import { ArenaPit } from './arena-pit';
import { BetPanel } from './bet-panel';
import { BetStatus, HistoryModal } from './history-modal';
import { ResultRoad } from './result-road';
import { RulesModal } from './rules-modal';
import '../../../styles/house-cockfight.css';

interface CockfightGameProps {
  /** The launch ticket (?token=). */
  token: string | null;
  /** The launch language (?lang=). */
  lang: string | null;
  /** Where Back goes (?backUrl=), unchecked: only a path of this site is followed. */
  backUrl: string | null;
}

const ICONS = {
  back: 'M15.4 4.6 8 12l7.4 7.4-1.4 1.4L5.2 12l8.8-8.8z',
  history:
    'M13 3a9 9 0 0 0-9 9H1l4 4 4-4H6a7 7 0 1 1 2.05 4.95l-1.42 1.42A9 9 0 1 0 13 3zm-1 5v5l4.25 2.52.77-1.28-3.52-2.09V8H12z',
} as const;

function Glyph({ name }: { name: keyof typeof ICONS }) {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
      <path d={ICONS[name]} />
    </svg>
  );
}

const isTicketError = (err: unknown) =>
  err instanceof ApiError && (err.code === 'game.token.invalid' || err.status === 401);

/** The cockfight arena's game client: loading, a dead or missing ticket, or the arena. */
export function CockfightGame({ token, lang, backUrl }: CockfightGameProps) {
  useThemeFollow();
  const back = safeBackUrl(backUrl);
  const ready = useLaunchLanguage(lang);
  if (!ready) return <Loading />;
  if (!token) return <Problem kind="ticket" backUrl={back} />;
  return <Loader token={token} backUrl={back} />;
}

function Loading() {
  const { t } = useTranslation('play');
  return (
    <div className="cf-page cf-page-center">
      <div className="cf-loading" role="status" aria-live="polite">
        <span className="cf-loading-dot" aria-hidden="true" />
        <p>{t('cockfight.loading')}</p>
      </div>
    </div>
  );
}

function Problem({
  kind,
  backUrl,
  onRetry,
}: {
  kind: 'ticket' | 'load';
  backUrl: string;
  onRetry?: () => void;
}) {
  const { t } = useTranslation('play');
  const leave = useLeaveGame(backUrl);
  return (
    <div className="cf-page cf-page-center">
      <div className="cf-problem" role="alert" data-testid="cockfight-error">
        <h1>{t(kind === 'ticket' ? 'cockfight.errors.ticketTitle' : 'cockfight.errors.loadTitle')}</h1>
        <p>{t(kind === 'ticket' ? 'cockfight.errors.ticket' : 'cockfight.errors.load')}</p>
        <div className="cf-problem-actions">
          {onRetry && (
            <button type="button" className="btn" onClick={onRetry}>
              {t('cockfight.retry')}
            </button>
          )}
          <button type="button" className="btn btn-primary" data-testid="cockfight-back" onClick={leave}>
            {t('cockfight.back')}
          </button>
        </div>
      </div>
    </div>
  );
}

function Loader({ token, backUrl }: { token: string; backUrl: string }) {
  const info = useCockfightInfo(token);
  const state = useCockfightState(token);
  const dead = [info.error, state.error].some(isTicketError);
  if (dead) return <Problem kind="ticket" backUrl={backUrl} />;
  if (info.isPending || state.isPending) {
    if (info.isError || state.isError)
      return (
        <Problem
          kind="load"
          backUrl={backUrl}
          onRetry={() => {
            void info.refetch();
            void state.refetch();
          }}
        />
      );
    return <Loading />;
  }
  if (info.isError) return <Problem kind="load" backUrl={backUrl} onRetry={() => void info.refetch()} />;
  if (!state.data) return <Problem kind="load" backUrl={backUrl} onRetry={() => void state.refetch()} />;
  // A failed poll keeps the last state on screen (the next poll usually recovers); it is flagged.
  return (
    <Arena
      token={token}
      info={info.data}
      state={state.data}
      receivedAt={state.dataUpdatedAt}
      stale={state.isError}
      backUrl={backUrl}
    />
  );
}

function Countdown({ state, now }: { state: CockfightState; now: number }) {
  const { t } = useTranslation('play');
  const { fight } = state;
  const target = Date.parse(
    fight.phase === 'BETTING' ? fight.closesAt : fight.phase === 'FIGHTING' ? fight.revealAt : fight.nextAt,
  );
  const left = Math.max(0, Math.ceil((target - now) / 1000));
  const total =
    (Date.parse(
      fight.phase === 'BETTING' ? fight.closesAt : fight.phase === 'FIGHTING' ? fight.revealAt : fight.nextAt,
    ) -
      Date.parse(
        fight.phase === 'BETTING'
          ? fight.opensAt
          : fight.phase === 'FIGHTING'
            ? fight.closesAt
            : fight.revealAt,
      )) /
    1000;
  return (
    <div
      className={`cf-clock cf-phase-${fight.phase.toLowerCase()}`}
      data-testid="cockfight-phase"
      data-phase={fight.phase}
    >
      <span className="cf-phase-name">{t(`cockfight.phase.${fight.phase}`)}</span>
      <span className="cf-seconds" data-testid="cockfight-countdown" aria-hidden="true">
        {left}s
      </span>
      <span className="cf-bar" aria-hidden="true">
        <span style={{ width: `${total > 0 ? Math.min(100, (left / total) * 100) : 0}%` }} />
      </span>
    </div>
  );
}

function ResultBanner({ state, currency }: { state: CockfightState; currency: string }) {
  const { t } = useTranslation('play');
  const { fight, myBets } = state;
  if (fight.phase !== 'RESULT' || !fight.result) return null;
  const back = myBets.reduce((sum, b) => sum + (b.payout ?? 0), 0);
  const staked = myBets.reduce((sum, b) => sum + b.stake, 0);
  return (
    <div
      className={`cf-banner cf-r-${fight.result.toLowerCase()}`}
      data-testid="cockfight-result"
      data-result={fight.result}
    >
      <strong>{t(`cockfight.banner.${fight.result}`)}</strong>
      {myBets.length > 0 && fight.settled && (
        <span data-testid="cockfight-my-return">
          {back > staked
            ? t('cockfight.banner.youWon', { amount: showMoney(back, currency) })
            : back > 0
              ? t('cockfight.banner.returned', { amount: showMoney(back, currency) })
              : t('cockfight.banner.noWin')}
        </span>
      )}
    </div>
  );
}

function MyBets({ bets, currency }: { bets: CockfightBet[]; currency: string }) {
  const { t } = useTranslation('play');
  return (
    <section className="cf-mine" aria-label={t('cockfight.myBets.title')}>
      <h2>{t('cockfight.myBets.title')}</h2>
      {bets.length === 0 ? (
        <p className="cf-empty">{t('cockfight.myBets.empty')}</p>
      ) : (
        <ul data-testid="cockfight-my-bets">
          {bets.map((b) => (
            <li key={b.betId} className="cf-mine-item" data-testid="cockfight-my-bet" data-status={b.status}>
              <span className={`cf-side-tag cf-side-${b.side.toLowerCase()}`}>
                {t(`cockfight.sides.${b.side}`)}
              </span>
              <span>
                {showMoney(b.stake, currency)} @ {b.odds.toFixed(2)}
              </span>
              <span className="cf-mine-out">
                {b.payout !== null && <span>{showMoney(b.payout, currency)}</span>}
                <BetStatus bet={b} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

interface ArenaProps {
  token: string;
  info: CockfightInfo;
  state: CockfightState;
  /** When the state answer arrived (local clock). */
  receivedAt: number;
  stale: boolean;
  backUrl: string;
}

function Arena({ token, info, state, receivedAt, stale, backUrl }: ArenaProps) {
  const { t } = useTranslation('play');
  const client = useQueryClient();
  const leave = useLeaveGame(backUrl);
  const still = useReducedMotion();
  const now = useServerClock(state.serverTime, receivedAt);
  const [rulesOpen, setRulesOpen] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [said, setSaid] = useState({ text: '', n: 0 });
  const say = useCallback((text: string) => setSaid((s) => ({ text, n: s.n + 1 })), []);
  const money = (n: number) => showMoney(n, info.currencySymbol);
  const { fight } = state;

  // A settled fight changes the history; the result is announced once.
  const announced = useRef('');
  useEffect(() => {
    const key = `${fight.fightNo}-${fight.result}-${fight.settled}`;
    if (fight.phase !== 'RESULT' || !fight.result || announced.current === key) return;
    announced.current = key;
    say(t(`cockfight.banner.${fight.result}`));
    if (fight.settled) void client.invalidateQueries({ queryKey: cockfightKeys.history(token) });
  }, [client, fight.fightNo, fight.phase, fight.result, fight.settled, say, t, token]);

  return (
    <div className="cf-page">
      <header className="cf-top">
        <button type="button" className="cf-top-btn" onClick={leave} data-testid="cockfight-back">
          <Glyph name="back" />
          <span>{t('cockfight.back')}</span>
        </button>
        <h1 className="cf-title">
          {info.gameName}
          <small>{info.vendor}</small>
        </h1>
        <div className="cf-top-actions">
          <button
            type="button"
            className="cf-top-btn cf-top-icon"
            data-testid="cockfight-history"
            aria-label={t('cockfight.history.open')}
            aria-haspopup="dialog"
            onClick={() => setHistoryOpen(true)}
          >
            <Glyph name="history" />
          </button>
          <button
            type="button"
            className="cf-top-btn cf-top-icon cf-info-btn"
            data-testid="cockfight-rules"
            aria-label={t('cockfight.rules.open')}
            aria-haspopup="dialog"
            onClick={() => setRulesOpen(true)}
          >
            i
          </button>
        </div>
      </header>

      <main className="cf-main">
        <div className="cf-fight-head">
          <h2 data-testid="cockfight-fight-no">{t('cockfight.fightNo', { n: fight.fightNo })}</h2>
          <Countdown state={state} now={now} />
        </div>
        <div className="cf-stage">
          <ArenaPit
            phase={fight.phase}
            meron={fight.meron}
            wala={fight.wala}
            result={fight.result}
            still={still}
          />
          <ResultBanner state={state} currency={info.currencySymbol} />
        </div>
        <div className="cf-wallet">
          <span className="cf-label">{t('cockfight.balance')}</span>
          {/* In the balance row, not above the bets: the controls never move under a finger. */}
          {stale && (
            <span className="cf-stale" role="status">
              {t('cockfight.stale')}
            </span>
          )}
          <strong data-testid="cockfight-balance">{money(state.balance)}</strong>
        </div>

        <BetPanel
          key={fight.fightNo}
          token={token}
          info={info}
          fight={fight}
          balance={state.balance}
          onPlaced={say}
        />
        <MyBets bets={state.myBets} currency={info.currencySymbol} />
        <ResultRoad road={state.road} />
      </main>

      <p className="visually-hidden" role="status" aria-live="polite" data-testid="cockfight-announce">
        {said.text}
        {said.n % 2 ? '\u00a0' : ''}
      </p>
      <RulesModal info={info} open={rulesOpen} onClose={() => setRulesOpen(false)} />
      <HistoryModal
        token={token}
        currency={info.currencySymbol}
        open={historyOpen}
        onClose={() => setHistoryOpen(false)}
      />
    </div>
  );
}
