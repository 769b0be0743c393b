import type { CardsInfo, CardsRoom, CardsRoomId, CardsSeat, CardsTable } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/error-text';
import { showMoney } from '../../../lib/money';
import { useActHand } from '../api/act-hand';
import { useCardsTable } from '../api/get-cards-table';
import { useRoomList } from '../api/get-room-list';
import { useJoinHand } from '../api/join-hand';
import { cardsTableKey } from '../api/get-cards-table';
import { useLeaveGame } from '../../../lib/game-client/use-leave-game';
import { secondsUntil, useServerClock } from '../hooks/use-server-clock';
import { CardsHistoryModal } from './cards-history-modal';
import { CardsRulesModal } from './cards-rules-modal';
import { PlayingCard } from './playing-card';
import '../../../styles/house-cards.css';
import { isTicketError } from '../../../lib/game-client/ticket-error';
import { GameGate, type GameLaunch, type GamePlay } from '../../../lib/game-client/game-gate';
import { cardsGame } from '../api/game';
import { CARDS_CHROME } from '../chrome';

/** The house card game's client: loading, a dead or missing ticket, or the game. */
export function CardsGame(launch: GameLaunch) {
  return (
    <GameGate chrome={CARDS_CHROME} launch={launch} game={cardsGame}>
      {(play) => <CardsPlay {...play} />}
    </GameGate>
  );
}

function CardsPlay({ token, info, backUrl }: GamePlay<CardsInfo>) {
  const { t } = useTranslation('play');
  const leave = useLeaveGame(backUrl);
  const [roomId, setRoomId] = useState<CardsRoomId | null>(null);
  const [rulesOpen, setRulesOpen] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const table = useCardsTable(token, roomId);
  const balance = table.data?.balance ?? info.balance;
  const money = (n: number) => showMoney(n, info.currencySymbol);

  return (
    <div className="hc-page">
      <header className="hc-top">
        <button type="button" className="hc-icon-btn" onClick={roomId ? () => setRoomId(null) : leave}>
          ‹ <span>{roomId ? t('houseCards.lobby') : t('houseCards.back')}</span>
        </button>
        <h1 className="hc-title">{info.gameName}</h1>
        <div className="hc-balance" data-testid="cards-balance" aria-live="polite">
          <span className="hc-muted">{t('houseCards.balance')}</span> <strong>{money(balance)}</strong>
        </div>
      </header>
      <nav className="hc-tools">
        <button type="button" className="btn" data-testid="cards-rules" onClick={() => setRulesOpen(true)}>
          {t('houseCards.rulesButton')}
        </button>
        <button
          type="button"
          className="btn"
          data-testid="cards-history-open"
          onClick={() => setHistoryOpen(true)}
        >
          {t('houseCards.historyButton')}
        </button>
      </nav>
      <main className="hc-main">
        {roomId === null ? (
          <Lobby info={info} onPick={setRoomId} />
        ) : table.isPending ? (
          <p role="status">{t('houseCards.loading')}</p>
        ) : table.isError && !table.data ? (
          <div role="alert" className="hc-problem">
            <p>{isTicketError(table.error) ? t('houseCards.errors.ticket') : t('houseCards.errors.load')}</p>
            <button type="button" className="btn" onClick={() => void table.refetch()}>
              {t('houseCards.retry')}
            </button>
          </div>
        ) : (
          <Table token={token} info={info} table={table.data!} />
        )}
      </main>
      <CardsRulesModal info={info} open={rulesOpen} onClose={() => setRulesOpen(false)} />
      <CardsHistoryModal
        token={token}
        currencySymbol={info.currencySymbol}
        open={historyOpen}
        onClose={() => setHistoryOpen(false)}
      />
    </div>
  );
}

function Lobby({ info, onPick }: { info: CardsInfo; onPick: (r: CardsRoomId) => void }) {
  const { t } = useTranslation('play');
  const rooms = useRoomList(true);
  const list: CardsRoom[] = rooms.data?.list ?? info.rooms;
  const now = useServerClock(undefined);
  const money = (n: number) => showMoney(n, info.currencySymbol);
  return (
    <section aria-labelledby="hc-lobby-title">
      <h2 id="hc-lobby-title" className="hc-section-title">
        {t('houseCards.chooseRoom')}
      </h2>
      {rooms.isError && <p className="hc-muted">{t('houseCards.errors.rooms')}</p>}
      <ul className="hc-rooms">
        {list.map((r) => (
          <li key={r.roomId} className={`hc-room hc-room-${r.roomId}`} data-testid={`room-${r.roomId}`}>
            <div className="hc-room-name">{t(`houseCards.rooms.${r.roomId}`)}</div>
            <dl>
              <div>
                <dt>{t('houseCards.ante')}</dt>
                <dd>{money(r.ante)}</dd>
              </div>
              <div>
                <dt>{t('houseCards.minBuyIn')}</dt>
                <dd>{money(r.minBuyIn)}</dd>
              </div>
              <div>
                <dt>{t('houseCards.seats')}</dt>
                <dd data-testid={`room-${r.roomId}-seats`}>
                  {t('houseCards.seatsTaken', { taken: r.taken, seats: r.seats })}
                </dd>
              </div>
            </dl>
            <div className="hc-seat-dots" aria-hidden="true">
              {Array.from({ length: r.seats }, (_, i) => (
                <span key={i} className={i < r.taken ? 'is-taken' : undefined} />
              ))}
            </div>
            <p className="hc-muted">{t('houseCards.nextHandIn', { s: secondsUntil(r.nextDealAt, now) })}</p>
            <button
              type="button"
              className="btn btn-primary"
              disabled={r.taken >= r.seats}
              onClick={() => onPick(r.roomId)}
            >
              {r.taken >= r.seats ? t('houseCards.full') : t('houseCards.enter')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Table({ token, info, table }: { token: string; info: CardsInfo; table: CardsTable }) {
  const { t } = useTranslation('play');
  const seatName = (s: CardsSeat) =>
    s.you
      ? t('houseCards.you')
      : t(s.kind === 'HOUSE' ? 'houseCards.houseSeat' : 'houseCards.playerSeat', { n: s.seat + 1 });
  const errorText = useErrorText();
  const qc = useQueryClient();
  const now = useServerClock(table.serverTime);
  const join = useJoinHand(token);
  const act = useActHand(token);
  const [error, setError] = useState<string | null>(null);
  const money = (n: number) => showMoney(n, info.currencySymbol);
  const hand = table.hand;
  const me = hand?.seats.find((s) => s.you) ?? null;
  const deciding =
    hand !== null &&
    !hand.settled &&
    me !== null &&
    me.action === null &&
    secondsUntil(hand.decideBy, now) > 0;
  const nextIn = secondsUntil(table.next.dealAt, now);
  const joined = table.next.seat !== null;
  const affordable = table.balance >= table.ante;

  const onError = (err: unknown) => {
    setError(errorText(err));
    void qc.invalidateQueries({ queryKey: cardsTableKey(token, table.roomId) });
  };
  const doJoin = () => {
    setError(null);
    join.mutate({ roomId: table.roomId, handNo: table.next.handNo }, { onError });
  };
  const doAct = (action: 'PLAY' | 'FOLD') => {
    if (!hand) return;
    setError(null);
    act.mutate({ roomId: table.roomId, handNo: hand.handNo, action }, { onError });
  };

  return (
    <section className="hc-table-wrap" aria-label={t(`houseCards.rooms.${table.roomId}`)}>
      <div className="hc-table-head">
        <strong>{t(`houseCards.rooms.${table.roomId}`)}</strong>
        <span>
          {t('houseCards.ante')} {money(table.ante)}
        </span>
        {hand && <span className="hc-muted">#{hand.handNo}</span>}
      </div>
      <div className="hc-felt" data-testid="cards-table">
        {hand ? (
          <>
            <ol className="hc-seats" key={hand.handNo}>
              {hand.seats.map((s) => (
                <li
                  key={s.seat}
                  className={`hc-seat${s.you ? ' is-you' : ''}${s.winner ? ' is-winner' : ''}${s.action === 'FOLD' ? ' is-folded' : ''}`}
                  data-testid={s.you ? 'cards-my-seat' : `cards-seat-${s.seat}`}
                >
                  <div className="hc-seat-name">{seatName(s)}</div>
                  <div className="hc-seat-cards">
                    {(s.cards ?? [null, null, null]).map((c, i) => (
                      <PlayingCard key={`${i}-${c ?? 'x'}`} card={c} index={s.seat + i} />
                    ))}
                  </div>
                  <div className="hc-seat-status">
                    {s.rank && <span>{t(`houseCards.ranks.${s.rank}`)}</span>}
                    {s.action && <span className="hc-tag">{t(`houseCards.action.${s.action}`)}</span>}
                    {s.payout !== null && s.payout > 0 && (
                      <span className="hc-tag is-win">+{money(s.payout)}</span>
                    )}
                  </div>
                </li>
              ))}
            </ol>
            <div className="hc-pot" data-testid="cards-pot">
              {t('houseCards.pot')} <strong>{money(hand.pot)}</strong>
              {hand.rake !== null && (
                <span className="hc-muted" data-testid="cards-rake">
                  {' '}
                  · {t('houseCards.rake')} {money(hand.rake)}
                </span>
              )}
            </div>
          </>
        ) : (
          <p className="hc-empty">{t('houseCards.waiting')}</p>
        )}
      </div>

      <div className="hc-controls" aria-live="polite">
        {hand && me && !hand.settled && (
          <div className="hc-decide">
            {deciding ? (
              <>
                <p data-testid="cards-decide">
                  {t('houseCards.decide', { s: secondsUntil(hand.decideBy, now), amount: money(hand.ante) })}
                </p>
                <div className="hc-countdown" aria-hidden="true">
                  <span
                    style={{
                      width: `${Math.min(100, (secondsUntil(hand.decideBy, now) * 1000 * 100) / info.decisionMs)}%`,
                    }}
                  />
                </div>
                <div className="hc-actions">
                  <button
                    type="button"
                    className="btn btn-primary"
                    data-testid="cards-play"
                    disabled={act.isPending}
                    onClick={() => doAct('PLAY')}
                  >
                    {t('houseCards.play', { amount: money(hand.ante) })}
                  </button>
                  <button
                    type="button"
                    className="btn"
                    data-testid="cards-fold"
                    disabled={act.isPending}
                    onClick={() => doAct('FOLD')}
                  >
                    {t('houseCards.fold')}
                  </button>
                </div>
              </>
            ) : (
              <p>{t('houseCards.waitShowdown')}</p>
            )}
          </div>
        )}
        {hand && me && hand.settled && (
          <p className={`hc-result${me.payout && me.payout > 0 ? ' is-win' : ''}`} data-testid="cards-result">
            {me.payout && me.payout > 0
              ? t('houseCards.youWon', { amount: money(me.payout) })
              : t('houseCards.youLost', { amount: money(me.stake) })}
          </p>
        )}
        <div className="hc-next">
          {joined ? (
            <p data-testid="cards-joined">
              {t('houseCards.joined', { seat: (table.next.seat ?? 0) + 1, s: nextIn })}
            </p>
          ) : (
            <>
              <p className="hc-muted">
                {t('houseCards.nextHand', { s: nextIn, taken: table.next.taken, seats: info.seats })}
              </p>
              <button
                type="button"
                className="btn btn-primary"
                data-testid="cards-join"
                disabled={join.isPending || !affordable || table.next.taken >= info.seats}
                onClick={doJoin}
              >
                {t('houseCards.join', { amount: money(table.ante) })}
              </button>
              {!affordable && <p className="hc-error">{t('houseCards.insufficient')}</p>}
            </>
          )}
        </div>
        {error && (
          <p className="hc-error" role="alert" data-testid="cards-error-message">
            {error}
          </p>
        )}
      </div>
    </section>
  );
}
