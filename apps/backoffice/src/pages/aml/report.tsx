import { AML_CASE_STATES, type AmlCaseRule, type AmlCaseState } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { useSession } from '../../auth/session';
import { Button, DataTable, Field, errorText, useToast } from '../../ui';

interface Stat {
  rule: AmlCaseRule;
  state: AmlCaseState;
  count: number;
}

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** Cases by rule and outcome (table and bars), and the suspicious-transaction report export. */
export function ReportPanel() {
  const { t } = useTranslation('aml');
  const { brand, can } = useSession();
  const toast = useToast();
  const [days, setDays] = useState('90');
  const stats = useQuery({
    queryKey: ['aml', 'stats', brand, days],
    queryFn: () => api.get<Stat[]>('/aml/stats', { days: days || undefined }),
  });
  const [from, setFrom] = useState(daysAgo(30));
  const [to, setTo] = useState(today());
  const [busy, setBusy] = useState(false);
  const rangeError = from && to && from > to ? t('rangeError') : undefined;

  const byRule = new Map<AmlCaseRule, Record<AmlCaseState, number>>();
  for (const s of stats.data ?? []) {
    const row = byRule.get(s.rule) ?? { OPEN: 0, CLEARED: 0, FROZEN: 0, REPORTED: 0 };
    row[s.state] = s.count;
    byRule.set(s.rule, row);
  }
  const rows = [...byRule.entries()].map(([rule, c]) => ({
    rule,
    ...c,
    total: AML_CASE_STATES.reduce((n, s) => n + c[s], 0),
  }));
  const max = Math.max(1, ...rows.map((r) => r.total));

  async function exportReport(format: 'csv' | 'xlsx') {
    if (rangeError) return;
    setBusy(true);
    try {
      await api.download('/aml/report', { format, from, to });
    } catch (e) {
      toast(errorText(e), 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <section className="bo-card">
        <div className="bo-section-head">
          <h2>{t('statsTitle')}</h2>
          <Field label={t('period')}>
            <select value={days} onChange={(e) => setDays(e.target.value)}>
              <option value="30">{t('lastDays', { count: 30 })}</option>
              <option value="90">{t('lastDays', { count: 90 })}</option>
              <option value="365">{t('lastDays', { count: 365 })}</option>
              <option value="">{t('allTime')}</option>
            </select>
          </Field>
        </div>
        <DataTable
          dense
          rows={rows}
          loading={stats.isFetching}
          error={stats.error}
          onRetry={() => void stats.refetch()}
          rowKey={(r) => r.rule}
          empty={t('noCases')}
          columns={[
            { key: 'rule', header: t('filter.rule'), render: (r) => t(`rule.${r.rule}`) },
            ...AML_CASE_STATES.map((s) => ({
              key: s,
              header: t(`state.${s}`),
              align: 'right' as const,
              render: (r: (typeof rows)[number]) => r[s],
            })),
            { key: 'total', header: t('total'), align: 'right', render: (r) => r.total },
            {
              key: 'bar',
              header: '',
              width: '30%',
              render: (r) => (
                <div className="bo-aml-bar" aria-hidden="true">
                  {AML_CASE_STATES.map((s) => (
                    <span key={s} className={`bo-aml-bar-${s}`} style={{ width: `${(r[s] / max) * 100}%` }} />
                  ))}
                </div>
              ),
            },
          ]}
        />
      </section>
      {can('aml.report') && (
        <section className="bo-card">
          <h2>{t('strTitle')}</h2>
          <p className="bo-muted">{t('strHelp')}</p>
          <div className="bo-form-row">
            <Field label={t('from')}>
              <input type="date" value={from} max={to} onChange={(e) => setFrom(e.target.value)} />
            </Field>
            <Field label={t('to')} error={rangeError}>
              <input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
            </Field>
            <div className="bo-page-actions">
              <Button busy={busy} onClick={() => void exportReport('csv')} disabled={!!rangeError}>
                {t('exportCsv')}
              </Button>
              <Button busy={busy} onClick={() => void exportReport('xlsx')} disabled={!!rangeError}>
                {t('exportXlsx')}
              </Button>
            </div>
          </div>
        </section>
      )}
    </>
  );
}
