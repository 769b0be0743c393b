import {
  CONTRACT_KIND_PERIODS,
  CONTRACT_LIMITS,
  type Contract,
  type ContractKind,
  type ContractPeriod,
} from '@app/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormStatus, type Status } from '../../../components/ui/form-status';
import { Modal } from '../../../components/ui/modal';
import { QueryState } from '../../../components/ui/query-state';
import { useErrorText } from '../../../lib/error-text';
import { useDirectAgents, useMyContracts, useProcessContract } from '../api/contracts';
import { useAgentHome } from '../api/get-agent-home';
import {
  bpText,
  checkOffer,
  emptyTier,
  offerCapBp,
  offerRateText,
  type OfferCheck,
  type OfferProblem,
  type TierDraft,
  type TierProblem,
  type TierField,
} from '../contract-rules';
import { baseKey, TiersTable } from './contract-terms';

export interface OfferTarget {
  id: number;
  account: string;
}

/**
 * Offer a NEW contract to a direct downline agent: the kind (when more than one is on), the
 * downline (unless given), the period and the tiers, checked by the contract's schema and capped
 * by the agent's own rate; then a confirmation with the full terms before anything is sent.
 */
export function ContractOfferDialog({
  kinds,
  target,
  onClose,
}: {
  kinds: readonly ContractKind[];
  target?: OfferTarget;
  onClose: () => void;
}) {
  const { t } = useTranslation('agent');
  const { t: ts } = useTranslation();
  const errorText = useErrorText();
  const [kind, setKind] = useState<ContractKind>(kinds[0] ?? 'DAILY');
  const [memberId, setMemberId] = useState(target ? String(target.id) : '');
  const [period, setPeriod] = useState<ContractPeriod>(CONTRACT_KIND_PERIODS[kind][0]!);
  const [tiers, setTiers] = useState<TierDraft[]>([emptyTier()]);
  const [check, setCheck] = useState<OfferCheck | null>(null);
  const [memberMissing, setMemberMissing] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const [sent, setSent] = useState<Contract | null>(null);
  const home = useAgentHome();
  const mine = useMyContracts(kind);
  const agents = useDirectAgents(!target);
  const process = useProcessContract(kind);

  const account = target?.account ?? agents.data?.find((a) => String(a.id) === memberId)?.account ?? '';
  const kindName = t(`contracts.kinds.${kind}`);

  const chooseKind = (k: ContractKind) => {
    setKind(k);
    setPeriod(CONTRACT_KIND_PERIODS[k][0]!);
    setCheck(null);
  };
  const setTier = (i: number, field: TierField, value: string) => {
    setTiers((ts) => ts.map((row, j) => (j === i ? { ...row, [field]: value } : row)));
    setCheck((c) =>
      c ? { ...c, rows: c.rows.map((r, j) => (j === i ? { ...r, [field]: undefined } : r)) } : c,
    );
  };

  return (
    <Modal
      id="contractOffer"
      title={target ? t('contracts.offerTitle', { account: target.account }) : t('contracts.offer')}
      open
      onClose={onClose}
      closeLabel={ts('common.close')}
      dismissible={!process.isPending}
      size="md"
    >
      <div data-testid="contract-offer">
        <QueryState query={home}>
          {(h) => (
            <QueryState query={mine}>
              {(m) => {
                const symbol = h.currencySymbol;
                const capBp = offerCapBp(kind, m.asDownline, h.upline === null);
                const problemText = (p: Exclude<TierProblem | OfferProblem, 'noCap'>) =>
                  p === 'cap'
                    ? t('contracts.problems.cap', { rate: bpText(capBp) })
                    : t(`contracts.problems.${p}`, { n: CONTRACT_LIMITS.maxTiers });
                const review = (e: FormEvent) => {
                  e.preventDefault();
                  setStatus(null);
                  const found = checkOffer(kind, period, tiers, capBp);
                  setCheck(found);
                  setMemberMissing(memberId === '');
                  if (found.ok && memberId !== '') setReviewing(true);
                };
                const send = () =>
                  process.mutate(
                    { action: 'OFFER', memberId, period, tiers },
                    {
                      onSuccess: (c) => {
                        setSent(c);
                        setReviewing(false);
                      },
                      onError: (err) => {
                        setReviewing(false);
                        setStatus({ ok: false, text: errorText(err) });
                      },
                    },
                  );

                if (sent) {
                  return (
                    <section className="mc-result" role="status" data-testid="contract-offer-sent">
                      <h3 className="ag-result-title">
                        {t('contracts.sent', { account: sent.member, n: sent.version })}
                      </h3>
                      <p className="sec-desc">{t('contracts.sentNote', { account: sent.member })}</p>
                      <div className="sec-actions">
                        <button
                          type="button"
                          className="btn btn-primary"
                          onClick={onClose}
                          data-testid="contract-offer-close"
                        >
                          {ts('common.close')}
                        </button>
                      </div>
                    </section>
                  );
                }

                if (reviewing) {
                  return (
                    <div className="sec-confirm" data-testid="contract-offer-confirm">
                      <h3 className="ag-result-title">{t('contracts.reviewTitle')}</h3>
                      <dl className="sec-facts">
                        <div>
                          <dt>{t('contracts.kind')}</dt>
                          <dd>{kindName}</dd>
                        </div>
                        <div>
                          <dt>{t('contracts.member')}</dt>
                          <dd data-testid="contract-offer-account">{account}</dd>
                        </div>
                        <div>
                          <dt>{t('contracts.period')}</dt>
                          <dd>{t(`contracts.periods.${period}`)}</dd>
                        </div>
                        <div>
                          <dt>{t('contracts.rate')}</dt>
                          <dd>{offerRateText(tiers)}%</dd>
                        </div>
                      </dl>
                      <TiersTable
                        terms={{
                          kind,
                          tiers: tiers.map((r) => ({
                            minAmount: r.minAmount,
                            minActive: Number(r.minActive),
                            rate: bpText(Math.round(Number(r.rate) * 100)),
                          })),
                        }}
                        symbol={symbol}
                        testId="contract-offer-tiers"
                      />
                      <p className="sec-desc">{t('contracts.reviewLead', { account })}</p>
                      <div className="sec-actions">
                        <button
                          type="button"
                          className="btn btn-primary"
                          disabled={process.isPending}
                          onClick={send}
                          data-testid="contract-offer-send"
                        >
                          {process.isPending ? ts('cashierCommon.working') : t('contracts.send')}
                        </button>
                        <button
                          type="button"
                          className="btn"
                          disabled={process.isPending}
                          onClick={() => setReviewing(false)}
                        >
                          {ts('cashierCommon.back')}
                        </button>
                      </div>
                    </div>
                  );
                }

                return (
                  <form className="sec-form ag-offer" noValidate onSubmit={review}>
                    {kinds.length > 1 && (
                      <div className="sec-field">
                        <label htmlFor="offer-kind">{t('contracts.kind')}</label>
                        <select
                          id="offer-kind"
                          className="mc-select"
                          value={kind}
                          onChange={(e) => chooseKind(e.target.value as ContractKind)}
                          data-testid="contract-offer-kind"
                        >
                          {kinds.map((k) => (
                            <option key={k} value={k}>
                              {t(`contracts.kinds.${k}`)}
                            </option>
                          ))}
                        </select>
                      </div>
                    )}
                    {!target && (
                      <div className={memberMissing ? 'sec-field has-error' : 'sec-field'}>
                        <label htmlFor="offer-member">{t('contracts.member')}</label>
                        <QueryState query={agents}>
                          {(list) =>
                            list.length === 0 ? (
                              <p className="sec-hint" data-testid="contract-offer-no-agents">
                                {t('contracts.noDirectAgents')}
                              </p>
                            ) : (
                              <select
                                id="offer-member"
                                className="mc-select"
                                value={memberId}
                                aria-invalid={memberMissing || undefined}
                                onChange={(e) => {
                                  setMemberId(e.target.value);
                                  setMemberMissing(false);
                                }}
                                data-testid="contract-offer-member"
                              >
                                <option value="">{t('contracts.chooseDownline')}</option>
                                {list.map((a) => (
                                  <option key={a.id} value={String(a.id)}>
                                    {a.account}
                                  </option>
                                ))}
                              </select>
                            )
                          }
                        </QueryState>
                        {memberMissing && <p className="sec-error">{t('contracts.problems.member')}</p>}
                      </div>
                    )}
                    <div className="sec-field">
                      <label htmlFor="offer-period">{t('contracts.period')}</label>
                      <select
                        id="offer-period"
                        className="mc-select"
                        value={period}
                        onChange={(e) => setPeriod(e.target.value as ContractPeriod)}
                        data-testid="contract-offer-period"
                      >
                        {CONTRACT_KIND_PERIODS[kind].map((p) => (
                          <option key={p} value={p}>
                            {t(`contracts.periods.${p}`)}
                          </option>
                        ))}
                      </select>
                    </div>
                    <p className="sec-hint" data-testid="contract-offer-cap">
                      {capBp > 0
                        ? t('contracts.cap', { rate: bpText(capBp) })
                        : t('contracts.noCap', { kind: kindName })}
                    </p>
                    <fieldset className="ag-tier-editor" data-testid="contract-offer-tier-editor">
                      <legend>{t('contracts.tiers')}</legend>
                      <p className="sec-hint">{t(`contracts.tierHelp.${baseKey(kind)}`)}</p>
                      {tiers.map((row, i) => {
                        const p = check?.rows[i] ?? {};
                        const field = (f: TierField, label: string, mode: 'decimal' | 'numeric') => {
                          const id = `offer-tier-${i}-${f}`;
                          const problem = p[f];
                          return (
                            <div className={problem ? 'sec-field has-error' : 'sec-field'}>
                              <label htmlFor={id}>{label}</label>
                              <div className="sec-input">
                                <input
                                  id={id}
                                  inputMode={mode}
                                  autoComplete="off"
                                  value={row[f]}
                                  aria-invalid={problem ? true : undefined}
                                  aria-describedby={problem ? `${id}-error` : undefined}
                                  onChange={(e) => setTier(i, f, e.target.value)}
                                  data-testid={`tier-${f}`}
                                />
                              </div>
                              {problem && (
                                <p id={`${id}-error`} className="sec-error">
                                  {problemText(problem)}
                                </p>
                              )}
                            </div>
                          );
                        };
                        return (
                          <div
                            key={i}
                            className="ag-tier-row"
                            role="group"
                            aria-label={t('contracts.tierN', { n: i + 1 })}
                            data-testid="contract-offer-tier"
                          >
                            <span className="ag-tier-n" aria-hidden="true">
                              {i + 1}
                            </span>
                            {field(
                              'minAmount',
                              `${t(`contracts.minAmount.${baseKey(kind)}`)} (${symbol})`,
                              'decimal',
                            )}
                            {field('minActive', t('contracts.minActive'), 'numeric')}
                            {field('rate', t('contracts.ratePct'), 'decimal')}
                            <button
                              type="button"
                              className="icon-btn ag-tier-remove"
                              disabled={tiers.length === 1}
                              aria-label={t('contracts.removeTier', { n: i + 1 })}
                              onClick={() => {
                                setTiers((ts) => ts.filter((_, j) => j !== i));
                                setCheck(null);
                              }}
                            >
                              ×
                            </button>
                          </div>
                        );
                      })}
                      <button
                        type="button"
                        className="btn btn-sm"
                        disabled={tiers.length >= CONTRACT_LIMITS.maxTiers}
                        onClick={() => setTiers((ts) => [...ts, emptyTier()])}
                        data-testid="contract-offer-add-tier"
                      >
                        {t('contracts.addTier')}
                      </button>
                    </fieldset>
                    {check?.offer && (
                      <p className="sec-error" role="alert" data-testid="contract-offer-problem">
                        {check.offer === 'noCap'
                          ? t('contracts.noCap', { kind: kindName })
                          : problemText(check.offer)}
                      </p>
                    )}
                    <div className="sec-actions">
                      <button
                        type="submit"
                        className="btn btn-primary"
                        disabled={capBp <= 0}
                        data-testid="contract-offer-review"
                      >
                        {t('contracts.review')}
                      </button>
                    </div>
                    <FormStatus status={status} testId="contract-offer-status" />
                  </form>
                );
              }}
            </QueryState>
          )}
        </QueryState>
      </div>
    </Modal>
  );
}
