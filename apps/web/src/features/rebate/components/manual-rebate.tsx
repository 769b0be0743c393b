import { REBATE_LIMITS, type ManualRebate as ManualRebateData } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InlineConfirm } from '../../../components/ui/inline-confirm';
import { useNavigate } from 'react-router';
import { FormStatus, type Status } from '../../../components/ui/form-status';
import { QueryState } from '../../../components/ui/query-state';
import { paths } from '../../../config/paths';
import { useBrand } from '../../../lib/brand';
import { useErrorText } from '../../../lib/error-text';
import { showMoney } from '../../../lib/money';
import { usePopups } from '../../../lib/popups';
import { formatInZone } from '../../../lib/zoned-time';
import '../../../styles/cashier.css';
import '../../../styles/security.css';
import '../../../styles/vip.css';
import { useClaimRebate } from '../api/claim-rebate';
import { useManualRebate } from '../api/get-manual-rebate';
import { useRebateHistory } from '../api/get-rebate-history';

/** Today's figures, the claim with its confirmation, and the outcome. */
function Today({ r }: { r: ManualRebateData }) {
  const { t } = useTranslation('vip');
  const { t: tc } = useTranslation();
  const brand = useBrand();
  const errorText = useErrorText();
  const claim = useClaimRebate();
  const [confirming, setConfirming] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const money = (n: number) => showMoney(n, brand.currencySymbol);
  const rule = r.rule!;
  const navigate = useNavigate();
  const closePopup = usePopups((s) => s.close);

  const run = () =>
    claim.mutate(r.day, {
      onSuccess: (paid) => {
        setConfirming(false);
        setStatus({ ok: true, text: t('rebate.done', { amount: money(paid.amount) }) });
      },
      onError: (err) => {
        setConfirming(false);
        setStatus({ ok: false, text: errorText(err) });
      },
    });

  return (
    <>
      <section className="sec-card rb-today" data-testid="rebate-today">
        <div className="sec-card-head">
          <h4>{t('rebate.today', { day: r.day })}</h4>
          <span className="sec-badge">{t('rebate.level', { level: r.level })}</span>
        </div>
        <dl className="sec-facts">
          <div>
            <dt>{t('rebate.turnover')}</dt>
            <dd data-testid="rebate-turnover">{money(r.turnover)}</dd>
          </div>
          <div>
            <dt>{t('rebate.rebate')}</dt>
            <dd data-testid="rebate-total">{money(r.rebate)}</dd>
          </div>
          <div>
            <dt>{t('rebate.claimed')}</dt>
            <dd data-testid="rebate-claimed">{money(r.claimed)}</dd>
          </div>
          <div>
            <dt>{t('rebate.claimable')}</dt>
            <dd className="rb-claimable" data-testid="rebate-claimable">
              {money(r.claimable)}
            </dd>
          </div>
        </dl>
        {r.capped && <p className="sec-note">{t('rebate.capped')}</p>}
        {confirming ? (
          <InlineConfirm
            text={t('rebate.confirm', { amount: money(r.claimable), day: r.day })}
            busy={claim.isPending}
            onConfirm={run}
            onCancel={() => setConfirming(false)}
            size="md"
            testId="rebate-confirm"
          />
        ) : (
          <div className="sec-actions">
            <button
              type="button"
              className="btn btn-primary"
              disabled={!r.canClaim}
              onClick={() => {
                setStatus(null);
                setConfirming(true);
              }}
              data-testid="rebate-claim"
            >
              {t('rebate.claim', { amount: money(r.claimable) })}
            </button>
          </div>
        )}
        {!r.canClaim && !confirming && (
          <p className="sec-hint" data-testid="rebate-hint">
            {r.claimable > 0 ? t('rebate.belowMin', { amount: money(rule.minPayout) }) : t('rebate.nothing')}
          </p>
        )}
        <FormStatus status={status} testId="rebate-status" />
        <ul className="rb-notes">
          <li>{t('rebate.asOf', { time: formatInZone(r.asOfTime, brand.timezone) })}</li>
          <li>
            {t('rebate.minimum', { amount: money(rule.minPayout) })}
            {rule.dailyCap !== null && ` ${t('rebate.cap', { amount: money(rule.dailyCap) })}`}
          </li>
          {rule.turnoverMultiple > 0 && <li>{t('rebate.turnoverNote', { times: rule.turnoverMultiple })}</li>}
          <li>{t('rebate.auto')}</li>
        </ul>
        <button
          type="button"
          className="link-btn rb-vip-link"
          onClick={() => {
            // The member centre is a popup over the page: close it, then open /vip.
            closePopup();
            void navigate(paths.vip);
          }}
          data-testid="rebate-vip-link"
        >
          {t('rebate.vipLink')}
        </button>
      </section>
      <section className="sec-card">
        <h4>{t('rebate.byGame')}</h4>
        <div className="rb-lines-wrap">
          <table className="rb-lines" data-testid="rebate-lines">
            <thead>
              <tr>
                <th scope="col">{t('rebate.game')}</th>
                <th scope="col">{t('rebate.turnover')}</th>
                <th scope="col">{t('rebate.rate')}</th>
                <th scope="col">{t('rebate.title')}</th>
              </tr>
            </thead>
            <tbody>
              {r.lines.map((l) => (
                <tr key={l.gameType} className={l.turnover > 0 ? undefined : 'rb-idle'}>
                  <th scope="row">{tc(`categories.${l.gameType}`)}</th>
                  <td>{money(l.turnover)}</td>
                  <td>{l.rate}%</td>
                  <td>{money(l.rebate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}

/** Rebate payouts of the last days: manual claims and the daily payouts. */
function History() {
  const { t } = useTranslation('vip');
  const brand = useBrand();
  const history = useRebateHistory();
  const days = REBATE_LIMITS.historyDays;
  const money = (n: number) => showMoney(n, brand.currencySymbol);
  return (
    <section className="sec-card" data-testid="rebate-history">
      <div className="sec-card-head">
        <h4>{t('rebate.history', { days })}</h4>
        {history.data && history.data.list.length > 0 && (
          <span className="sec-badge">{t('rebate.total', { amount: money(history.data.total) })}</span>
        )}
      </div>
      <QueryState query={history}>
        {({ list }) =>
          list.length === 0 ? (
            <p className="state-box" data-testid="rebate-history-empty">
              {t('rebate.historyEmpty', { days })}
            </p>
          ) : (
            <div className="sec-table-wrap">
              <table className="sec-table">
                <thead>
                  <tr>
                    <th scope="col">{t('rebate.day')}</th>
                    <th scope="col">{t('rebate.kind')}</th>
                    <th scope="col">{t('rebate.turnover')}</th>
                    <th scope="col">{t('rebate.amount')}</th>
                    <th scope="col">{t('rebate.time')}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((h) => (
                    <tr key={`${h.time}-${h.kind}-${h.amount}`} data-testid="rebate-history-row">
                      <td data-label={t('rebate.day')}>{h.day}</td>
                      <td data-label={t('rebate.kind')}>{t(`rebate.kinds.${h.kind}`)}</td>
                      <td data-label={t('rebate.turnover')}>{money(h.turnover)}</td>
                      <td data-label={t('rebate.amount')}>{money(h.amount)}</td>
                      <td data-label={t('rebate.time')}>
                        <time dateTime={h.time}>{formatInZone(h.time, brand.timezone)}</time>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryState>
    </section>
  );
}

/**
 * Rebate (member centre page `manualRebate`): today's valid turnover per game type at the rates
 * of the member's VIP level, the rebate so far, what is claimed and claimable; a claim with a
 * confirmation pays the claimable amount at once; and the payouts of the last 30 days.
 */
export function ManualRebate() {
  const { t } = useTranslation('vip');
  const manual = useManualRebate();
  return (
    <div className="sec-page rb-page" data-testid="manualRebate-page">
      <div className="mc-page-head">
        <h3 className="sec-page-title">{t('rebate.title')}</h3>
        <button
          type="button"
          className="btn btn-sm"
          disabled={manual.isFetching}
          onClick={() => void manual.refetch()}
          data-testid="rebate-refresh"
        >
          {t('rebate.refresh')}
        </button>
      </div>
      <QueryState query={manual}>
        {(r) =>
          r.enabled && r.rule ? (
            <Today r={r} />
          ) : (
            <p className="state-box" data-testid="rebate-disabled">
              {t('rebate.disabled')}
            </p>
          )
        }
      </QueryState>
      <History />
    </div>
  );
}
