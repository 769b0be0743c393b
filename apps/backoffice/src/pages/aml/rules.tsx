import type { AmlRule, AmlRuleKind } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { useSession } from '../../auth/session';
import { Button, ConfirmDialog, DataTable, Field, formatMoney, useToast } from '../../ui';

/** Which settings each rule uses. */
const FIELDS: Record<AmlRuleKind, ('amount' | 'windowHours' | 'percent' | 'count')[]> = {
  LARGE_TRANSACTION: ['amount'],
  CUMULATIVE_DEPOSITS: ['amount', 'windowHours'],
  LITTLE_PLAY: ['windowHours', 'percent'],
  SHARED_PAYOUT_ACCOUNT: ['count'],
  SHARED_DEVICE: ['count'],
  STRUCTURING: ['windowHours', 'percent', 'count'],
};

interface Draft {
  enabled: boolean;
  amount: string;
  windowHours: string;
  percent: string;
  count: string;
}

const draftOf = (r: AmlRule): Draft => ({
  enabled: r.enabled,
  amount: r.amount === null ? '' : r.amount.toFixed(2),
  windowHours: r.windowHours === null ? '' : String(r.windowHours),
  percent: r.percent === null ? '' : String(r.percent),
  count: r.count === null ? '' : String(r.count),
});

/** The brand's monitoring rules: read by case workers, changed by holders of brand.security. */
export function RulesPanel() {
  const { t } = useTranslation('aml');
  const { brand, can } = useSession();
  const rules = useQuery({
    queryKey: ['aml', 'rules', brand],
    queryFn: () => api.get<AmlRule[]>('/aml/rules'),
  });
  const [editing, setEditing] = useState<AmlRule | null>(null);
  const editable = can('brand.security');
  return (
    <section className="bo-card">
      <p className="bo-muted">{t('rulesHelp')}</p>
      <DataTable
        dense
        rows={rules.data}
        loading={rules.isFetching}
        error={rules.error}
        onRetry={() => void rules.refetch()}
        rowKey={(r) => r.kind}
        columns={[
          { key: 'rule', header: t('filter.rule'), render: (r) => t(`rule.${r.kind}`) },
          { key: 'on', header: t('enabled'), render: (r) => (r.enabled ? t('common.yes') : t('common.no')) },
          {
            key: 'amount',
            header: t('field.amount'),
            align: 'right',
            render: (r) => (r.amount === null ? '—' : formatMoney(r.amount)),
          },
          {
            key: 'window',
            header: t('field.windowHours'),
            align: 'right',
            render: (r) => r.windowHours ?? '—',
          },
          { key: 'percent', header: t('field.percent'), align: 'right', render: (r) => r.percent ?? '—' },
          { key: 'count', header: t('field.count'), align: 'right', render: (r) => r.count ?? '—' },
          {
            key: 'edit',
            header: '',
            render: (r) =>
              editable && (
                <Button size="sm" onClick={() => setEditing(r)} data-testid={`aml-rule-${r.kind}`}>
                  {t('edit')}
                </Button>
              ),
          },
        ]}
      />
      {editing && <RuleDialog rule={editing} onClose={() => setEditing(null)} />}
    </section>
  );
}

function RuleDialog({ rule, onClose }: { rule: AmlRule; onClose(): void }) {
  const { t } = useTranslation('aml');
  const qc = useQueryClient();
  const toast = useToast();
  const [d, setD] = useState<Draft>(draftOf(rule));
  const fields = FIELDS[rule.kind];
  const bad = fields.find((f) =>
    f === 'amount'
      ? d.amount !== '' && !/^\d{1,12}(\.\d{1,2})?$/.test(d.amount)
      : d[f] !== '' && !/^\d{1,4}$/.test(d[f]),
  );
  const int = (s: string) => (s === '' ? null : Number(s));
  return (
    <ConfirmDialog
      open
      title={t(`rule.${rule.kind}`)}
      message={t(`ruleHelp.${rule.kind}`)}
      invalid={bad ? t('invalidField', { field: t(`field.${bad}`) }) : null}
      onClose={onClose}
      onConfirm={async () => {
        await api.put(`/aml/rules/${rule.kind}`, {
          enabled: d.enabled,
          ...(fields.includes('amount') ? { amount: d.amount || null } : {}),
          ...(fields.includes('windowHours') ? { windowHours: int(d.windowHours) } : {}),
          ...(fields.includes('percent') ? { percent: int(d.percent) } : {}),
          ...(fields.includes('count') ? { count: int(d.count) } : {}),
        });
        toast(t('saved'), 'info');
        await qc.invalidateQueries({ queryKey: ['aml', 'rules'] });
      }}
    >
      <label className="bo-check">
        <input
          type="checkbox"
          checked={d.enabled}
          onChange={(e) => setD({ ...d, enabled: e.target.checked })}
        />{' '}
        {t('enabled')}
      </label>
      {fields.map((f) => (
        <Field key={f} label={t(`field.${f}`)} hint={t('emptyDefault')}>
          <input
            inputMode={f === 'amount' ? 'decimal' : 'numeric'}
            value={d[f]}
            onChange={(e) => setD({ ...d, [f]: e.target.value.trim() })}
            data-testid={`aml-field-${f}`}
          />
        </Field>
      ))}
    </ConfirmDialog>
  );
}
