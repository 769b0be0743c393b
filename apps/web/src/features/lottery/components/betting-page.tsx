import {
  formatMoney,
  fromMinor,
  type LotteryBetLine,
  type LotteryBetType,
  type LotteryGameInfo,
  type PrizeMode,
} from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Modal } from '../../../components/ui/modal';
import { onTabKeys } from '../../../components/ui/tab-keys';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { showMoney } from '../../../lib/money';
import { QUERY_ROOTS } from '../../../lib/query-keys';
import { useRequestId } from '../../../lib/request-id';
import { usePopups } from '../../../lib/popups';
import { useSession } from '../../../lib/session';
import { useLotteryDraws } from '../api/get-lottery-draws';
import { useLotteryGame } from '../api/get-lottery-game';
import { useMyBets } from '../api/get-my-bets';
import { lotteryKeys } from '../api/keys';
import { usePlaceLotteryBet } from '../api/place-lottery-bet';
import { useGuard } from '../../../lib/use-guard';
import { useNow } from '../hooks/use-now';
import { drawPhase, RESULT_WAIT_MS, settledCount } from '../draw-watch';
import { groupOf, pickerGroups, type SIDES } from '../picker-groups';
import { addLines, slipTotal, type SlipLine } from '../slip';
import { BetPicker, type PickedLine } from './bet-picker';
import { BetSlip } from './bet-slip';
import { DrawClock } from './draw-clock';
import { DrawHistory } from './draw-history';
import { MyBets } from './my-bets';
import { OpenNumber } from './open-number';
import { useMobileShell } from '../../../lib/shell-mode';
import '../../../styles/lottery.css';

let lineSeq = 0;
const nextLineId = () => `l${++lineSeq}`;

/** The betting page of one lottery game (/lottery?gameCode=&vendor=&playType=&prizeMode=). */
export function LotteryBettingPage({
  gameCode,
  vendor,
  playType,
  prizeMode = null,
}: {
  gameCode: string;
  vendor: string;
  playType: string | null;
  /** The odds scheme the launch asked for (lottoPrizeMode); null: the brand's rule (SPEC section 9). */
  prizeMode?: PrizeMode | null;
}) {
  const { t } = useTranslation('lottery');
  const game = useLotteryGame(vendor, gameCode, prizeMode);

  if (game.isPending) {
    return (
      <div className="skeleton-block lt-page-skeleton" aria-busy="true" aria-label={t('lobby.loading')} />
    );
  }
  if (game.isError) {
    const missing = game.error instanceof ApiError && game.error.status === 404;
    return (
      <div className="state-box" role="alert" data-testid="lottery-game-error">
        <p>{missing ? t('game.notFound') : t('lobby.loadFailed')}</p>
        {missing ? (
          <Link className="btn" to={paths.lotteryLobby()}>
            {t('game.backToLobby')}
          </Link>
        ) : (
          <button type="button" className="btn" onClick={() => void game.refetch()}>
            {t('lobby.retry')}
          </button>
        )}
      </div>
    );
  }
  return (
    <BettingScreen info={game.data} receivedAt={game.dataUpdatedAt} vendor={vendor} playType={playType} />
  );
}

function BettingScreen({
  info,
  receivedAt,
  vendor,
  playType,
}: {
  info: LotteryGameInfo;
  receivedAt: number;
  vendor: string;
  playType: string | null;
}) {
  const { t } = useTranslation('lottery');
  const client = useQueryClient();
  const errorText = useErrorText();
  const guard = useGuard();
  const showPopup = usePopups((s) => s.show);
  const token = useSession((s) => s.token);
  const now = useNow(500);
  // Count down on the server's clock: its time when the answer came, moved on by the device's.
  const serverNow = now + (info.serverTime - receivedAt);
  const draw = info.currentDraw;
  const phase = draw ? drawPhase(draw, serverNow).phase : 'none';
  const canBet = phase === 'open';

  const groups = useMemo(() => pickerGroups(info.betTypes), [info.betTypes]);
  const [groupKey, setGroupKey] = useState<string | null>(() => groupOf(groups, playType));
  const group = groups.find((g) => g.key === groupKey) ?? groups[0];

  const [slip, setSlip] = useState<SlipLine[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const mobile = useMobileShell();
  const [slipOpen, setSlipOpen] = useState(false);
  const requestId = useRequestId();
  const place = usePlaceLotteryBet(vendor, info.gameCode);

  const offset = info.serverTime - receivedAt;
  const draws = useLotteryDraws(vendor, info.gameCode, offset);
  const bets = useMyBets(vendor, info.gameCode);

  // The draw locks: ask for the game again (the next draw opens); the draw is due: ask for the
  // results and the game (my bets follow the new result, below).
  const lockAt = draw?.lockTime ?? null;
  const winAt = draw?.winningTime ?? null;
  useEffect(() => {
    const timers: number[] = [];
    const at = (serverMs: number, fn: () => void) => {
      const delay = Math.max(0, serverMs - (Date.now() + offset));
      timers.push(window.setTimeout(fn, Math.min(delay, 2_147_000_000)));
    };
    if (lockAt !== null)
      at(
        lockAt + 300,
        () => void client.invalidateQueries({ queryKey: lotteryKeys.game(vendor, info.gameCode) }),
      );
    if (winAt !== null) {
      at(winAt + RESULT_WAIT_MS, () => {
        void client.invalidateQueries({ queryKey: lotteryKeys.game(vendor, info.gameCode) });
        void client.invalidateQueries({ queryKey: lotteryKeys.draws(vendor, info.gameCode) });
      });
    }
    return () => timers.forEach((id) => window.clearTimeout(id));
  }, [lockAt, winAt, offset, client, vendor, info.gameCode]);

  // A new result in (not the one the page loaded with; bets still open poll on their own anyway):
  // my bets on it settle; settled bets move the balance.
  const latest = draws.data?.list.find((d) => d.result !== null && d.status !== 'CANCELLED');
  const latestDrawn = latest?.numero ?? null;
  const drawnBefore = useRef(latestDrawn);
  useEffect(() => {
    const before = drawnBefore.current;
    drawnBefore.current = latestDrawn;
    if (before !== null && latestDrawn !== before)
      void client.invalidateQueries({ queryKey: lotteryKeys.bets });
  }, [latestDrawn, client]);
  const settled = settledCount(bets.data);
  const settledBefore = useRef(settled);
  useEffect(() => {
    if (settled !== settledBefore.current) {
      settledBefore.current = settled;
      void client.invalidateQueries({ queryKey: lotteryKeys.game(vendor, info.gameCode) });
      void client.invalidateQueries({ queryKey: [QUERY_ROOTS.wallet] });
    }
  }, [settled, client, vendor, info.gameCode]);

  const addToSlip = (picked: PickedLine[]) => {
    setNotice(null);
    setError(null);
    const { slip: next, dropped } = addLines(
      slip,
      picked.map((p) => ({ id: nextLineId(), betType: p.betType, numbers: p.numbers, stake: p.stake })),
      info.maxLines,
    );
    setSlip(next);
    if (dropped > 0) setError(t('slip.full', { max: info.maxLines }));
  };

  const body = (): { numero: string; lines: LotteryBetLine[] } => ({
    numero: draw?.numero ?? '',
    lines: slip.map((l) => ({
      betType: l.betType as LotteryBetLine['betType'],
      numbers: l.numbers,
      amount: l.stake,
    })),
  });

  const submit = () => {
    if (!draw) return;
    const b = body();
    place.mutate(
      {
        gameCode: info.gameCode,
        vendor: info.vendor,
        prizeMode: info.prizeMode,
        numero: b.numero,
        // The same slip sent again (a retry after a failure) keeps its request id.
        requestId: requestId.idFor(b),
        lines: b.lines,
      },
      {
        onSuccess: (res) => {
          requestId.settle();
          setConfirming(false);
          setSlipOpen(false);
          setSlip([]);
          setNotice(
            t('slip.placed', {
              count: res.bets.length,
              numero: b.numero,
              balance: showMoney(res.balance, info.currencySymbol),
            }),
          );
          // The balance right after the stakes (the header's is refetched).
          client.setQueriesData<LotteryGameInfo>(
            { queryKey: lotteryKeys.game(vendor, info.gameCode) },
            (old) => (old ? { ...old, balance: res.balance } : old),
          );
        },
        onError: (err) => {
          setConfirming(false);
          if (err instanceof ApiError && err.code === 'login.not.session')
            showPopup('login', { reason: 'loginRequired' });
          else setError(errorText(err));
        },
      },
    );
  };

  const total = slipTotal(slip);
  const betSlip = (
    <BetSlip
      lines={slip}
      types={info.betTypes}
      symbol={info.currencySymbol}
      maxLines={info.maxLines}
      canPlace={canBet}
      busy={place.isPending}
      onStake={(id, stake) => setSlip((s) => s.map((l) => (l.id === id ? { ...l, stake } : l)))}
      onRemove={(id) => setSlip((s) => s.filter((l) => l.id !== id))}
      onClear={() => setSlip([])}
      onPlace={() => {
        setError(null);
        setNotice(null);
        guard(() => setConfirming(true), { allowTrial: true });
      }}
    />
  );
  const messages = (
    <>
      {notice && (
        <p className="lt-notice" role="status" data-testid="lottery-placed">
          {notice}
        </p>
      )}
      {error && (
        <p className="lt-problem" role="alert" data-testid="lottery-error">
          {error}
        </p>
      )}
    </>
  );

  return (
    <div
      className={mobile && slip.length > 0 ? 'lt-game has-slip-bar' : 'lt-game'}
      data-testid="lottery-game"
      data-game-code={info.gameCode}
      data-family={info.family}
    >
      <div className="lt-game-head">
        <Link to={paths.lotteryLobby()} className="lt-link lt-back">
          ← {t('game.backToLobby')}
        </Link>
        <h1 data-testid="lottery-game-name">{info.name}</h1>
        <div className="lt-game-draw">
          {draw ? (
            <>
              <span className="lt-game-numero" data-testid="lottery-numero">
                {t('card.numero', { numero: draw.numero })}
              </span>
              <DrawClock draw={draw} serverNow={serverNow} testId="lottery-countdown" />
            </>
          ) : (
            <span className="lt-muted">{t('card.noDraw')}</span>
          )}
        </div>
        <div className="lt-game-last">
          {latest && <span className="lt-muted">{t('card.lastDraw', { numero: latest.numero })}</span>}
          <OpenNumber winningNumber={latest?.result?.winningNumber} size="lg" testId="lottery-last-number" />
        </div>
        <div className="lt-game-balance">
          <span className="lt-muted">{t('game.balance')}</span>{' '}
          <strong data-testid="lottery-balance">
            {info.balance === null ? (
              <button
                type="button"
                className="lt-link"
                onClick={() => showPopup('login', { reason: 'loginRequired' })}
              >
                {t('game.login')}
              </button>
            ) : (
              showMoney(info.balance, info.currencySymbol)
            )}
          </strong>
        </div>
      </div>

      <div className="lt-game-body">
        <div className="lt-game-main">
          {groups.length > 0 && group && (
            <>
              <div className="lt-tabs" role="tablist" aria-label={t('game.betTypes')} onKeyDown={onTabKeys}>
                {groups.map((g) => (
                  <button
                    key={g.key}
                    type="button"
                    role="tab"
                    id={`lottery-bt-${g.key}`}
                    aria-selected={g.key === group.key}
                    aria-controls="lottery-picker-panel"
                    tabIndex={g.key === group.key ? 0 : -1}
                    className="lt-tab"
                    onClick={() => setGroupKey(g.key)}
                    data-testid={`lottery-bettype-${g.key}`}
                  >
                    {t(`betTypes.${g.key as LotteryBetType | typeof SIDES}`)}
                  </button>
                ))}
              </div>
              <div id="lottery-picker-panel" role="tabpanel" aria-labelledby={`lottery-bt-${group.key}`}>
                <BetPicker
                  key={group.key}
                  group={group}
                  symbol={info.currencySymbol}
                  disabled={slip.length >= info.maxLines}
                  onAdd={addToSlip}
                />
              </div>
            </>
          )}
        </div>

        {mobile ? (
          // On a phone the slip is a full-screen sheet, opened from the bar above the tab bar.
          !slipOpen && <div className="lt-game-side">{messages}</div>
        ) : (
          <aside className="lt-game-side">
            {betSlip}
            {messages}
          </aside>
        )}
      </div>

      <div className="lt-game-lists">
        <section aria-labelledby="lottery-history-title" className="lt-block">
          <h2 id="lottery-history-title">{t('history.title')}</h2>
          {draws.isPending ? (
            <div className="skeleton-block" aria-busy="true" />
          ) : draws.isError ? (
            <div className="state-box" role="alert">
              <p>{t('lobby.loadFailed')}</p>
              <button type="button" className="btn" onClick={() => void draws.refetch()}>
                {t('lobby.retry')}
              </button>
            </div>
          ) : (
            <DrawHistory draws={draws.data.list} timeZone={info.timeZone} />
          )}
        </section>
        <section aria-labelledby="lottery-bets-title" className="lt-block">
          <h2 id="lottery-bets-title">{t('bets.title')}</h2>
          {!token ? (
            <p className="state-box">{t('bets.loginFirst')}</p>
          ) : bets.isPending ? (
            <div className="skeleton-block" aria-busy="true" />
          ) : bets.isError ? (
            <div className="state-box" role="alert">
              <p>{t('lobby.loadFailed')}</p>
              <button type="button" className="btn" onClick={() => void bets.refetch()}>
                {t('lobby.retry')}
              </button>
            </div>
          ) : (
            <MyBets bets={bets.data.list} symbol={info.currencySymbol} timeZone={info.timeZone} />
          )}
        </section>
      </div>

      {mobile && slip.length > 0 && (
        <div className="lt-slip-bar" data-testid="lottery-slip-bar">
          <span className="lt-slip-bar-text">
            {t('slip.title')} · {t('slip.count', { count: slip.length, max: info.maxLines })}
            <strong>{`${info.currencySymbol} ${formatMoney(fromMinor(total))}`}</strong>
          </span>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => setSlipOpen(true)}
            data-testid="lottery-slip-open"
          >
            {t('slip.open')}
          </button>
        </div>
      )}
      {mobile && (
        <Modal
          id="lotterySlipSheet"
          title={t('slip.title')}
          open={slipOpen && slip.length > 0}
          onClose={() => setSlipOpen(false)}
          closeLabel={t('confirm.cancel')}
        >
          {betSlip}
          {messages}
        </Modal>
      )}
      <Modal
        id="lotteryConfirmModal"
        title={t('confirm.title')}
        open={confirming}
        onClose={() => setConfirming(false)}
        closeLabel={t('confirm.cancel')}
        size="sm"
      >
        <div className="lt-confirm" data-testid="lottery-confirm">
          <p>{t('confirm.text', { count: slip.length, name: info.name, numero: draw?.numero ?? '' })}</p>
          <p className="lt-confirm-total">
            {t('slip.total')}: <strong>{`${info.currencySymbol} ${formatMoney(fromMinor(total))}`}</strong>
          </p>
          {info.balance !== null && (
            <p className="lt-muted">
              {t('confirm.balance', { balance: showMoney(info.balance, info.currencySymbol) })}
            </p>
          )}
          <div className="lt-slip-actions">
            <button type="button" className="btn btn-ghost" onClick={() => setConfirming(false)}>
              {t('confirm.cancel')}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              onClick={submit}
              disabled={place.isPending || !canBet}
              data-testid="lottery-confirm-ok"
            >
              {place.isPending ? t('confirm.placing') : t('confirm.ok')}
            </button>
          </div>
        </div>
      </Modal>
    </div>
  );
}
