import { CONTRACT_LIMITS, type Contract, type ContractKind } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangePicker } from '../../../components/ui/date-range-picker';
import { PagedTable } from '../../../components/ui/paged-table';
import { QueryState } from '../../../components/ui/query-state';
import { useBrand } from '../../../lib/brand';
import { showMoney } from '../../../lib/money';
import { useContractFlags, useMyContracts, useStatements } from '../api/contracts';
import { useAgentHome } from '../api/get-agent-home';
import { bpText, endedContracts, enabledKinds, ENTRY_OF_KIND, liveContracts } from '../contract-rules';
import { usePeriod } from '../hooks/use-period';
import { ContractActions } from './contract-actions';
import { ContractOfferDialog } from './contract-offer';
import { baseKey, ContractText, StateBadge, TiersTable } from './contract-terms';
import { TwoLineTime } from './figures';

/** One contract page per kind (SPEC section 2: dividend, daily wage, hourly salary, real-time salary). */
export const DividendPage = () => <ContractPage kind="DIVIDEND" />;
export const DailyWagePage = () => <ContractPage kind="DAILY" />;
export const HourlySalaryPage = () => <ContractPage kind="HOURLY" />;
export const RealTimeSalaryPage = () => <ContractPage kind="REALTIME" />;

/**
 * A contract kind's page: my contract with my upline (terms, version, state, the contract text,
 * answers), my direct downlines' contracts (offer, terminate, answer), and the statement lines.
 */
export function ContractPage({ kind }: { kind: ContractKind }) {
  const { t } = useTranslation('agent');
  const contracts = useMyContracts(kind);
  return (
    <div className="sec-page ag-contracts" data-testid={`contract-page-${kind}`}>
      <h3 className="sec-page-title">{t(`menu.${ENTRY_OF_KIND[kind]}`)}</h3>
      <p className="sec-desc">{t(`contracts.lead.${kind}`)}</p>
      <QueryState query={contracts}>
        {(data) => (
          <>
            <HeldContracts kind={kind} list={data.asDownline} />
            <OfferedContracts kind={kind} list={data.asUpline} />
          </>
        )}
      </QueryState>
      <Statements kind={kind} />
    </div>
  );
}

function ContractFacts({ c, side }: { c: Contract; side: 'holder' | 'upline' }) {
  const { t } = useTranslation('agent');
  const brand = useBrand();
  const none = t('contracts.none');
  return (
    <dl className="sec-facts ag-facts">
      <div>
        <dt>{side === 'holder' ? t('contracts.upline') : t('contracts.member')}</dt>
        <dd>{side === 'holder' ? (c.upline ?? t('contracts.platform')) : c.member}</dd>
      </div>
      <div>
        <dt>{t('contracts.version')}</dt>
        <dd data-testid="contract-version">{t('contracts.versionN', { n: c.version })}</dd>
      </div>
      <div>
        <dt>{t('contracts.period')}</dt>
        <dd>{t(`contracts.periods.${c.terms.period}`)}</dd>
      </div>
      <div>
        <dt>{t('contracts.rate')}</dt>
        <dd data-testid="contract-rate">{c.rate.toFixed(2)}%</dd>
      </div>
      <div>
        <dt>{t('contracts.state')}</dt>
        <dd>
          <StateBadge c={c} />
        </dd>
      </div>
      <div>
        <dt>{c.acceptedTime ? t('contracts.acceptedAt') : t('contracts.offeredAt')}</dt>
        <dd>
          <TwoLineTime iso={c.acceptedTime ?? c.createdTime} timeZone={brand.timezone} none={none} />
        </dd>
      </div>
    </dl>
  );
}

/** My contracts with my upline: an offer awaiting my answer, the one in force. */
function HeldContracts({ kind, list }: { kind: ContractKind; list: Contract[] }) {
  const { t } = useTranslation('agent');
  const brand = useBrand();
  const home = useAgentHome();
  const live = liveContracts(list);
  return (
    <section
      className="sec-card ag-contract-card"
      data-testid="contract-mine"
      aria-labelledby={`mine-${kind}`}
    >
      <h4 id={`mine-${kind}`} className="ag-card-title">
        {t('contracts.mine')}
      </h4>
      {live.length === 0 && (
        <p className="state-box" data-testid="contract-mine-empty">
          {home.data?.upline === null
            ? t('contracts.mineEmptyTop', { rate: bpText(CONTRACT_LIMITS.maxRateBp[kind]) })
            : t('contracts.mineEmpty', { kind: t(`contracts.kinds.${kind}`) })}
        </p>
      )}
      {live.map((c) => (
        <article
          key={c.id}
          className={c.state === 'PENDING' ? 'ag-contract ag-contract-pending' : 'ag-contract'}
          data-testid="contract-held"
          data-state={c.state}
        >
          {c.state === 'PENDING' && (
            <p className="ag-contract-lead" data-testid="contract-offer-lead">
              {t('contracts.pendingOffer', { account: c.upline ?? t('contracts.platform'), n: c.version })}
            </p>
          )}
          <ContractFacts c={c} side="holder" />
          <TiersTable terms={c.terms} symbol={brand.currencySymbol} testId="contract-tiers" />
          <ContractText c={c} open={c.state === 'PENDING'} />
          <ContractActions kind={kind} c={c} side="holder" />
        </article>
      ))}
      <History list={endedContracts(list)} side="holder" />
    </section>
  );
}

/** Contracts I offered to my direct downline agents, and the offer button. */
function OfferedContracts({ kind, list }: { kind: ContractKind; list: Contract[] }) {
  const { t } = useTranslation('agent');
  const brand = useBrand();
  const flags = useContractFlags();
  const [offering, setOffering] = useState(false);
  const live = liveContracts(list);
  const cols = {
    member: t('contracts.member'),
    version: t('contracts.version'),
    rate: t('contracts.rate'),
    state: t('contracts.state'),
    action: t('team.action'),
  };
  const kinds = enabledKinds(flags.data).includes(kind) ? [kind] : [];
  return (
    <section
      className="sec-card ag-contract-card"
      data-testid="contract-downlines"
      aria-labelledby={`downlines-${kind}`}
    >
      <div className="ag-card-head">
        <h4 id={`downlines-${kind}`} className="ag-card-title">
          {t('contracts.downlines')}
        </h4>
        <button
          type="button"
          className="btn btn-sm btn-primary"
          disabled={kinds.length === 0}
          onClick={() => setOffering(true)}
          data-testid="contract-offer-open"
        >
          {t('contracts.offer')}
        </button>
      </div>
      {live.length === 0 ? (
        <p className="state-box" data-testid="contract-downlines-empty">
          {t('contracts.downlinesEmpty')}
        </p>
      ) : (
        <div className="sec-table-wrap">
          <table className="sec-table mc-table" data-testid="contract-downlines-table">
            <thead>
              <tr>
                <th scope="col">{cols.member}</th>
                <th scope="col">{cols.version}</th>
                <th scope="col" className="mc-num">
                  {cols.rate}
                </th>
                <th scope="col">{cols.state}</th>
                <th scope="col">
                  <span className="visually-hidden">{cols.action}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {live.map((c) => (
                <tr key={c.id} data-testid="contract-downline-row" data-account={c.member}>
                  <th scope="row" data-label={cols.member}>
                    {c.member}
                    <span className="mc-sub">{t(`contracts.periods.${c.terms.period}`)}</span>
                  </th>
                  <td data-label={cols.version}>{t('contracts.versionN', { n: c.version })}</td>
                  <td data-label={cols.rate} className="mc-num">
                    <details className="ag-row-terms">
                      <summary>{c.rate.toFixed(2)}%</summary>
                      <TiersTable terms={c.terms} symbol={brand.currencySymbol} />
                    </details>
                  </td>
                  <td data-label={cols.state}>
                    <StateBadge c={c} />
                  </td>
                  <td data-label={cols.action} className="ag-action">
                    <ContractActions kind={kind} c={c} side="upline" compact />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <History list={endedContracts(list)} side="upline" />
      {offering && <ContractOfferDialog kinds={kinds} onClose={() => setOffering(false)} />}
    </section>
  );
}

/** Ended contracts (rejected, terminated, replaced), folded away. */
function History({ list, side }: { list: Contract[]; side: 'holder' | 'upline' }) {
  const { t } = useTranslation('agent');
  const brand = useBrand();
  if (list.length === 0) return null;
  return (
    <details className="ag-history" data-testid="contract-history">
      <summary>{t('contracts.history', { count: list.length })}</summary>
      <ul>
        {list.map((c) => (
          <li key={c.id}>
            <span>
              {side === 'holder' ? (c.upline ?? t('contracts.platform')) : c.member} ·{' '}
              {t('contracts.versionN', { n: c.version })} · {c.rate.toFixed(2)}%
            </span>
            <StateBadge c={c} />
            {c.endReason && (
              <span className="mc-sub">{t(`contracts.endReasons.${c.endReason}`, c.endReason)}</span>
            )}
            <TwoLineTime iso={c.endedTime} timeZone={brand.timezone} none={t('contracts.none')} />
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The settlement lines: paid to me, or by me to my downlines, with what each was computed from. */
function Statements({ kind }: { kind: ContractKind }) {
  const { t } = useTranslation('agent');
  const brand = useBrand();
  const period = usePeriod();
  const [side, setSide] = useState<'IN' | 'OUT'>('IN');
  const [page, setPage] = useState(1);
  const statements = useStatements({
    kind,
    side,
    startTime: period.range.startTime,
    endTime: period.range.endTime,
    pageNo: page,
    pageSize: CONTRACT_LIMITS.pageSize,
  });
  const symbol = brand.currencySymbol;
  const cols = {
    period: t('contracts.statement.period'),
    who: side === 'IN' ? t('contracts.statement.payer') : t('contracts.member'),
    base: t(`contracts.statement.base.${baseKey(kind)}`),
    active: t('contracts.statement.active'),
    tier: t('contracts.tier'),
    rate: t('contracts.rate'),
    amount: t('contracts.statement.amount'),
    status: t('contracts.state'),
  };
  return (
    <section
      className="sec-card ag-contract-card"
      data-testid="contract-statements"
      aria-labelledby={`statements-${kind}`}
    >
      <h4 id={`statements-${kind}`} className="ag-card-title">
        {t('contracts.statements')}
      </h4>
      <div className="mc-filters">
        <DateRangePicker
          name={`statements-${kind}`}
          value={period.range}
          today={period.today}
          limits={period.limits}
          onChange={(r) => {
            period.setRange(r);
            setPage(1);
          }}
        />
        <label className="mc-filter" htmlFor={`statements-${kind}-side`}>
          <span>{t('contracts.statement.side')}</span>
          <select
            id={`statements-${kind}-side`}
            className="mc-select"
            value={side}
            onChange={(e) => {
              setSide(e.target.value === 'OUT' ? 'OUT' : 'IN');
              setPage(1);
            }}
            data-testid="statement-side"
          >
            <option value="IN">{t('contracts.statement.IN')}</option>
            <option value="OUT">{t('contracts.statement.OUT')}</option>
          </select>
        </label>
      </div>
      <QueryState query={statements}>
        {(data) => (
          <>
            <p className="sec-desc" data-testid="statement-total">
              {t('contracts.statement.totalPaid', { amount: showMoney(data.totalPaid, symbol) })}
            </p>
            <PagedTable
              count={data.list.length}
              empty={t('contracts.statement.empty')}
              emptyTestId="statement-empty"
              busy={statements.isPlaceholderData}
              page={page}
              totalPages={data.totalPages}
              onPage={setPage}
              label={t('contracts.statement.pages')}
            >
              <table className="sec-table mc-table" data-testid="statement-table">
                <thead>
                  <tr>
                    <th scope="col">{cols.period}</th>
                    <th scope="col">{cols.who}</th>
                    <th scope="col" className="mc-num">
                      {cols.base}
                    </th>
                    <th scope="col" className="mc-num">
                      {cols.active}
                    </th>
                    <th scope="col" className="mc-num">
                      {cols.tier}
                    </th>
                    <th scope="col" className="mc-num">
                      {cols.rate}
                    </th>
                    <th scope="col" className="mc-num">
                      {cols.amount}
                    </th>
                    <th scope="col">{cols.status}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.list.map((s) => (
                    <tr key={s.id} data-testid="statement-row" data-status={s.status}>
                      <th scope="row" data-label={cols.period}>
                        {s.period.slice(s.period.indexOf(':') + 1)}
                        <span className="mc-sub">{t('contracts.versionN', { n: s.version })}</span>
                      </th>
                      <td data-label={cols.who}>
                        {side === 'IN' ? (s.payer ?? t('contracts.platform')) : s.member}
                      </td>
                      <td data-label={cols.base} className="mc-num" data-testid="statement-base">
                        {showMoney(s.base, symbol)}
                      </td>
                      <td data-label={cols.active} className="mc-num">
                        {s.activeMembers}
                      </td>
                      <td data-label={cols.tier} className="mc-num">
                        {s.tier > 0 ? t('contracts.tierN', { n: s.tier }) : t('contracts.none')}
                      </td>
                      <td data-label={cols.rate} className="mc-num">
                        {s.rate.toFixed(2)}%
                      </td>
                      <td data-label={cols.amount} className="mc-num" data-testid="statement-amount">
                        {showMoney(s.amount, symbol)}
                      </td>
                      <td data-label={cols.status}>
                        <span
                          className={
                            s.status === 'PAID'
                              ? 'mc-badge mc-badge-ok'
                              : s.status === 'UNPAID'
                                ? 'mc-badge mc-badge-bad'
                                : 'mc-badge mc-badge-info'
                          }
                          data-testid="statement-status"
                        >
                          {t(`contracts.statement.states.${s.status}`)}
                        </span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </PagedTable>
          </>
        )}
      </QueryState>
    </section>
  );
}
