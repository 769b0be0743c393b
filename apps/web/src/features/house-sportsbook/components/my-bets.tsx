import type { SportsbookBet, SportsbookInfo } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { showMoney } from '../../../lib/money';
import { useCashOut } from '../api/cash-out';
import { sportsbookGame } from '../api/game';
import { useBets } from '../api/get-bets';
import { useLabels } from '../hooks/use-labels';
import { localeTag } from '../../../lib/game-client/locale-tag';

interface MyBetsProps {
  token: string;
  info: SportsbookInfo;
  errorText: (err: unknown) => string;
}

/** Open bets with cash-out, and the last 10 bets. */
export function MyBets({ token, info, errorText }: MyBetsProps) {
  const { t } = useTranslation('play');
  const bets = useBets(token, info.minuteMs);
  if (bets.isPending) return <p className="sb-empty">{t('houseSportsbook.loading')}</p>;
  if (bets.isError)
    return (
      <p className="sb-notice is-error" role="alert">
        {errorText(bets.error)}{' '}
        <button type="button" className="link-btn" onClick={() => void bets.refetch()}>
          {t('houseSportsbook.retry')}
        </button>
      </p>
    );
  const { open, history } = bets.data;
  return (
    <div className="sb-my-bets">
      <section aria-labelledby="sb-open-title">
        <h2 id="sb-open-title" className="sb-section-title">
          {t('houseSportsbook.bets.open')} ({open.length})
        </h2>
        {open.length === 0 && <p className="sb-empty">{t('houseSportsbook.bets.noOpen')}</p>}
        <ul className="sb-bets">
          {open.map((b) => (
            <BetCard
              key={b.betId}
              token={token}
              info={info}
              bet={b}
              errorText={errorText}
              testId="sb-open-bet"
            />
          ))}
        </ul>
      </section>
      <section aria-labelledby="sb-history-title">
        <h2 id="sb-history-title" className="sb-section-title">
          {t('houseSportsbook.bets.history')}
        </h2>
        {history.length === 0 && <p className="sb-empty">{t('houseSportsbook.bets.noHistory')}</p>}
        <ul className="sb-bets">
          {history.map((b) => (
            <BetCard
              key={b.betId}
              token={token}
              info={info}
              bet={b}
              errorText={errorText}
              testId="sb-history-bet"
            />
          ))}
        </ul>
      </section>
    </div>
  );
}

function BetCard({
  token,
  info,
  bet,
  errorText,
  testId,
}: MyBetsProps & { bet: SportsbookBet; testId: string }) {
  const { t, i18n } = useTranslation('play');
  const labels = useLabels();
  const client = useQueryClient();
  const cash = useCashOut(token);
  const [asking, setAsking] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const money = (n: number) => showMoney(n, info.currencySymbol);
  const time = new Intl.DateTimeFormat(localeTag(i18n.language), {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(bet.time));

  const doCashOut = async () => {
    setAsking(false);
    setMessage(null);
    try {
      const r = await cash.mutateAsync({ betId: bet.betId, value: bet.cashOut! });
      client.setQueryData(sportsbookGame.keys.info(token), (old: SportsbookInfo | undefined) =>
        old ? { ...old, balance: r.balance } : old,
      );
    } catch (err) {
      if (err instanceof ApiError && err.code === 'sportsbook.cashout.changed')
        setMessage(t('houseSportsbook.bets.offerChanged'));
      else setMessage(errorText(err));
    }
  };

  return (
    <li
      className={`sb-bet is-${bet.status.toLowerCase()}`}
      data-testid={testId}
      data-status={bet.status}
      data-bet-id={bet.betId}
    >
      <div className="sb-bet-head">
        <strong>
          {bet.kind === 'SINGLE'
            ? t('houseSportsbook.bets.single')
            : t('houseSportsbook.bets.parlay', { n: bet.legs.length })}
        </strong>
        <span className={`sb-status is-${bet.status.toLowerCase()}`}>
          {t(`houseSportsbook.status.${bet.status}`)}
        </span>
      </div>
      <ul className="sb-legs">
        {bet.legs.map((l) => (
          <li key={l.fixtureId} className={`sb-leg is-${l.status.toLowerCase()}`}>
            <span>
              {labels.pick(l.market, l.line, l.pick, l)} @ {l.odds.toFixed(2)}
            </span>
            <span className="sb-leg-match">
              {l.home.shortName} {l.score ? `${l.score.home}–${l.score.away}` : 'v'} {l.away.shortName}
              {' · '}
              {labels.market(l.market, l.line)}
            </span>
          </li>
        ))}
      </ul>
      <dl className="sb-bet-figures">
        <div>
          <dt>{t('houseSportsbook.slip.stake')}</dt>
          <dd>{money(bet.stake)}</dd>
        </div>
        <div>
          <dt>{t('houseSportsbook.bets.odds')}</dt>
          <dd>{bet.odds.toFixed(2)}</dd>
        </div>
        <div>
          <dt>
            {bet.payout === null ? t('houseSportsbook.slip.potentialReturn') : t('houseSportsbook.bets.paid')}
          </dt>
          <dd data-testid="sb-bet-payout">{money(bet.payout ?? bet.potentialPayout)}</dd>
        </div>
      </dl>
      <div className="sb-bet-foot">
        <time dateTime={bet.time}>{time}</time>
        {bet.cashOut !== null &&
          (asking ? (
            <span className="sb-confirm-actions">
              <button type="button" className="btn btn-sm" onClick={() => setAsking(false)}>
                {t('houseSportsbook.slip.cancel')}
              </button>
              <button
                type="button"
                className="btn btn-sm btn-primary"
                onClick={() => void doCashOut()}
                data-testid="sb-cashout-confirm"
              >
                {t('houseSportsbook.bets.cashOutConfirm', { amount: money(bet.cashOut) })}
              </button>
            </span>
          ) : (
            <button
              type="button"
              className="btn btn-sm sb-cashout"
              disabled={cash.isPending}
              onClick={() => setAsking(true)}
              data-testid="sb-cashout"
            >
              {t('houseSportsbook.bets.cashOut', { amount: money(bet.cashOut) })}
            </button>
          ))}
      </div>
      {message && (
        <p className="sb-notice is-error" role="alert">
          {message}
        </p>
      )}
    </li>
  );
}
