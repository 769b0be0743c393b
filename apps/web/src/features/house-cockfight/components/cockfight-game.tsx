import type { CockfightBet, CockfightInfo, CockfightState } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMoney } from '../../../lib/money';
import { cockfightGame } from '../api/game';
import { useCockfightState } from '../api/get-cockfight-state';
import { useLeaveGame } from '../../../lib/game-client/use-leave-game';
import { useReducedMotion } from '../../../lib/use-reduced-motion';
import { useServerClock } from '../hooks/use-server-clock';
import { ArenaPit } from './arena-pit';
import { BetPanel } from './bet-panel';
import { BetStatus, HistoryModal } from './history-modal';
import { ResultRoad } from './result-road';
import { RulesModal } from './rules-modal';
import '../../../styles/house-cockfight.css';
import { GameLoading, GameProblem, GameTopBar } from '../../../lib/game-client/game-chrome';
import { COCKFIGHT_CHROME } from '../chrome';
import { GameEntry, type GameLaunch } from '../../../lib/game-client/game-gate';
import { isTicketError } from '../../../lib/game-client/ticket-error';

const ART = <span className="cf-loading-dot" aria-hidden="true" />;

/** The cockfight arena's game client: loading, a dead or missing ticket, or the arena. */
export function CockfightGame(launch: GameLaunch) {
  return (
    <GameEntry chrome={COCKFIGHT_CHROME} art={ART} launch={launch}>
      {(token, backUrl) => <Loader token={token} backUrl={backUrl} />}
    </GameEntry>
  );
}

function Loading() {
  return <GameLoading chrome={COCKFIGHT_CHROME} art={ART} />;
}

// The arena needs its facts and the fight now: both load before it shows.
function Loader({ token, backUrl }: { token: string; backUrl: string }) {
  const info = useQuery(cockfightGame.infoQueryOptions(token));
  const state = useCockfightState(token);
  const dead = [info.error, state.error].some(isTicketError);
  if (dead) return <GameProblem chrome={COCKFIGHT_CHROME} kind="ticket" backUrl={backUrl} />;
  if (info.isPending || state.isPending) {
    if (info.isError || state.isError)
      return (
        <GameProblem
          chrome={COCKFIGHT_CHROME}
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
  if (info.isError)
    return (
      <GameProblem
        chrome={COCKFIGHT_CHROME}
        kind="load"
        backUrl={backUrl}
        onRetry={() => void info.refetch()}
      />
    );
  if (!state.data)
    return (
      <GameProblem
        chrome={COCKFIGHT_CHROME}
        kind="load"
        backUrl={backUrl}
        onRetry={() => void state.refetch()}
      />
    );
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
    if (fight.settled) void client.invalidateQueries({ queryKey: cockfightGame.keys.history(token) });
  }, [client, fight.fightNo, fight.phase, fight.result, fight.settled, say, t, token]);

  return (
    <div className="cf-page">
      <GameTopBar
        chrome={COCKFIGHT_CHROME}
        title={
          <>
            {info.gameName}
            <small>{info.vendor}</small>
          </>
        }
        onBack={leave}
        onHistory={() => setHistoryOpen(true)}
        onRules={() => setRulesOpen(true)}
      />

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
