import type { Contract, ContractKind, ContractTerms } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { showMoney } from '../../../lib/money';

/** Wages are computed from the team's turnover, dividends from the team's loss. */
export const baseKey = (kind: ContractKind) => (kind === 'DIVIDEND' ? 'loss' : 'wage');

/** The tiers as a small table: from which amount and active members, which rate. */
export function TiersTable({
  terms,
  symbol,
  testId,
}: {
  terms: Pick<ContractTerms, 'kind' | 'tiers'>;
  symbol: string;
  testId?: string;
}) {
  const { t } = useTranslation('agent');
  const cols = {
    tier: t('contracts.tier'),
    amount: t(`contracts.minAmount.${baseKey(terms.kind)}`),
    active: t('contracts.minActive'),
    rate: t('contracts.rate'),
  };
  return (
    <div className="sec-table-wrap ag-tiers-wrap">
      <table className="sec-table mc-table ag-tiers" data-testid={testId}>
        <thead>
          <tr>
            <th scope="col">{cols.tier}</th>
            <th scope="col" className="mc-num">
              {cols.amount}
            </th>
            <th scope="col" className="mc-num">
              {cols.active}
            </th>
            <th scope="col" className="mc-num">
              {cols.rate}
            </th>
          </tr>
        </thead>
        <tbody>
          {terms.tiers.map((tier, i) => (
            <tr key={i} data-testid={testId ? `${testId}-row` : undefined}>
              <th scope="row" data-label={cols.tier}>
                {t('contracts.tierN', { n: i + 1 })}
              </th>
              <td data-label={cols.amount} className="mc-num">
                {showMoney(Number(tier.minAmount), symbol)}
              </td>
              <td data-label={cols.active} className="mc-num">
                {tier.minActive}
              </td>
              <td
                data-label={cols.rate}
                className="mc-num"
                data-testid={testId ? `${testId}-rate` : undefined}
              >
                {tier.rate}%
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The state badge: awaiting an answer, in force (or a termination asked), rejected, terminated. */
export function StateBadge({ c }: { c: Contract }) {
  const { t } = useTranslation('agent');
  const cls =
    c.state === 'ACCEPTED'
      ? c.pendingRequest === 'TERMINATION'
        ? 'mc-badge mc-badge-wait'
        : 'mc-badge mc-badge-ok'
      : c.state === 'PENDING'
        ? 'mc-badge mc-badge-wait'
        : 'mc-badge mc-badge-bad';
  return (
    <span className={cls} data-testid="contract-state" data-state={c.state}>
      {c.state === 'ACCEPTED' && c.pendingRequest === 'TERMINATION'
        ? t('contracts.terminationAskedBadge')
        : t(`contracts.states.${c.state}`)}
    </span>
  );
}

/**
 * The exact contract text both sides agree to (the server's canonical text of the terms, with
 * its version), folded away until opened unless `open`.
 */
export function ContractText({ c, open = false }: { c: Contract; open?: boolean }) {
  const { t } = useTranslation('agent');
  return (
    <details className="ag-text" open={open} data-testid="contract-text">
      <summary>{t('contracts.text', { n: c.version })}</summary>
      <pre className="mc-mono">{c.termsText}</pre>
      <p className="sec-hint">{t('contracts.textNote')}</p>
    </details>
  );
}
