import {
  CONTRACT_KIND_PERIODS,
  CONTRACT_KINDS,
  CONTRACT_LIMITS,
  type ContractKind,
  type ContractPeriod,
  type ContractSummary,
} from '@app/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Badge, Button, Field } from '../../ui';

/** Terms as the form holds them: text the operator types, checked before anything is sent. */
export interface TermsDraft {
  kind: ContractKind;
  period: ContractPeriod;
  tiers: { minAmount: string; minActive: string; rate: string }[];
}

export const emptyTerms = (): TermsDraft => ({
  kind: 'DAILY',
  period: 'D',
  tiers: [{ minAmount: '0', minActive: '0', rate: '' }],
});

const AMOUNT = /^(0|[1-9]\d{0,11})(\.\d{1,2})?$/;

/**
 * The first problem of the terms, as the server would find it (format, rising tiers, the brand's
 * cap for a top agent), or null: the form says it before sending.
 */
export function termsProblem(d: TermsDraft, t: TFunction<'agents'>): string | null {
  const cap = CONTRACT_LIMITS.maxRateBp[d.kind] / 100;
  for (const [i, tier] of d.tiers.entries()) {
    if (!AMOUNT.test(tier.minAmount.trim())) return t('terms.amountFormat', { n: i + 1 });
    if (!/^\d{1,6}$/.test(tier.minActive.trim())) return t('terms.activeFormat', { n: i + 1 });
    const rate = Number(tier.rate);
    if (!AMOUNT.test(tier.rate.trim()) || rate <= 0) return t('terms.rateFormat', { n: i + 1 });
    if (rate > cap) return t('terms.rateCap', { cap: cap.toFixed(2) });
    const prev = d.tiers[i - 1];
    if (
      prev &&
      !(
        Number(tier.minAmount) > Number(prev.minAmount) &&
        Number(tier.minActive) >= Number(prev.minActive) &&
        rate >= Number(prev.rate)
      )
    )
      return t('terms.rising');
  }
  return null;
}

/** The body the server takes (numbers as the operator typed them). */
export const termsBody = (d: TermsDraft) => ({
  kind: d.kind,
  period: d.period,
  tiers: d.tiers.map((x) => ({
    minAmount: x.minAmount.trim(),
    minActive: Number(x.minActive),
    rate: x.rate.trim(),
  })),
});

/** Kind, period and tiers; a tier is "from this base with this many active members, this rate". */
export function TermsEditor({ value, onChange }: { value: TermsDraft; onChange(v: TermsDraft): void }) {
  const { t } = useTranslation('agents');
  const setTier = (i: number, patch: Partial<TermsDraft['tiers'][number]>) =>
    onChange({ ...value, tiers: value.tiers.map((x, j) => (j === i ? { ...x, ...patch } : x)) });
  const base = value.kind === 'DIVIDEND' ? t('terms.baseLoss') : t('terms.baseTurnover');
  return (
    <div className="bo-agents-terms">
      <div className="bo-form-row">
        <Field label={t('terms.kind')}>
          <select
            value={value.kind}
            onChange={(e) => {
              const kind = e.target.value as ContractKind;
              onChange({ ...value, kind, period: CONTRACT_KIND_PERIODS[kind][0]! });
            }}
          >
            {CONTRACT_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`kind.${k}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('terms.period')}>
          <select
            value={value.period}
            onChange={(e) => onChange({ ...value, period: e.target.value as ContractPeriod })}
          >
            {CONTRACT_KIND_PERIODS[value.kind].map((p) => (
              <option key={p} value={p}>
                {t(`period.${p}`)}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <p className="bo-muted">
        {t('terms.capHint', { cap: (CONTRACT_LIMITS.maxRateBp[value.kind] / 100).toFixed(2), base })}
      </p>
      <table className="bo-table bo-table-dense">
        <thead>
          <tr>
            <th>#</th>
            <th>{t('terms.minAmount', { base })}</th>
            <th>{t('terms.minActive')}</th>
            <th>{t('terms.rate')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {value.tiers.map((tier, i) => (
            <tr key={i}>
              <td>{i + 1}</td>
              <td>
                <input
                  aria-label={t('terms.minAmount', { base })}
                  inputMode="decimal"
                  value={tier.minAmount}
                  onChange={(e) => setTier(i, { minAmount: e.target.value })}
                />
              </td>
              <td>
                <input
                  aria-label={t('terms.minActive')}
                  inputMode="numeric"
                  value={tier.minActive}
                  onChange={(e) => setTier(i, { minActive: e.target.value })}
                />
              </td>
              <td>
                <input
                  aria-label={t('terms.rate')}
                  inputMode="decimal"
                  value={tier.rate}
                  onChange={(e) => setTier(i, { rate: e.target.value })}
                />
              </td>
              <td>
                {value.tiers.length > 1 && (
                  <Button
                    type="button"
                    size="sm"
                    variant="ghost"
                    onClick={() => onChange({ ...value, tiers: value.tiers.filter((_, j) => j !== i) })}
                  >
                    {t('terms.removeTier')}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {value.tiers.length < CONTRACT_LIMITS.maxTiers && (
        <Button
          type="button"
          size="sm"
          variant="secondary"
          onClick={() =>
            onChange({ ...value, tiers: [...value.tiers, { minAmount: '', minActive: '0', rate: '' }] })
          }
        >
          {t('terms.addTier')}
        </Button>
      )}
    </div>
  );
}

/** A node's contracts in force, one badge each. */
export function ContractBadges({ contracts }: { contracts: ContractSummary[] }) {
  const { t } = useTranslation('agents');
  if (contracts.length === 0) return <span className="bo-muted">{t('tree.noContract')}</span>;
  return (
    <span className="bo-agents-badges">
      {contracts.map((c) => (
        <Badge key={c.id} tone={c.upline === null ? 'info' : 'neutral'}>
          {t(`kindShort.${c.kind}`)} {c.rate.toFixed(2)}% · {t(`period.${c.period}`)}
        </Badge>
      ))}
    </span>
  );
}
