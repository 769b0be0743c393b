import type { PlayerProtection } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { Badge, Button, DataTable, DateTime, errorText, formatMoney } from '../../ui';
import './protection.css';

/** The player page's protection tab: limits in force, the break, and every change (audited read). */
export function PlayerProtectionTab({ memberId }: { memberId: string }) {
  const { t } = useTranslation('protection');
  const q = useQuery({
    queryKey: ['bo', `/players/${memberId}/protection`],
    queryFn: () =>
      api.get<PlayerProtection>(`/players/${encodeURIComponent(memberId)}/protection`, { pageSize: 100 }),
  });
  if (q.isPending) return <div className="bo-card" aria-busy="true" />;
  if (q.isError)
    return (
      <div className="bo-card bo-table-state">
        <p role="alert">{errorText(q.error)}</p>
        <Button onClick={() => void q.refetch()}>{t('common.retry')}</Button>
      </div>
    );
  const p = q.data;
  const show = (kind: string, v: number | null) =>
    v === null ? t('none') : kind === 'SESSION' ? t('minutes', { count: v }) : formatMoney(v);
  return (
    <>
      <section className="bo-card" data-testid="player-protection">
        <h2>{t('break')}</h2>
        {p.exclusion ? (
          <p>
            <Badge tone={p.exclusion.kind === 'SELF_EXCLUSION' ? 'danger' : 'warning'}>
              {t(`breakKind.${p.exclusion.kind}`)}
            </Badge>{' '}
            <span className="bo-mono">{p.exclusion.term}</span> · <DateTime value={p.exclusion.startsAt} /> →{' '}
            {p.exclusion.endsAt ? <DateTime value={p.exclusion.endsAt} /> : t('permanent')}
            {p.exclusion.allBrands && <span className="bo-muted"> · {t('allBrands')}</span>}
          </p>
        ) : (
          <p className="bo-muted">—</p>
        )}
        <h2>{t('limits')}</h2>
        <DataTable
          dense
          rows={p.limits}
          rowKey={(l) => `${l.kind}${l.period}`}
          empty={t('none')}
          columns={[
            {
              key: 'kind',
              header: t('limits'),
              render: (l) => `${t(`kind.${l.kind}`)} · ${t(`period.${l.period}`)}`,
            },
            { key: 'amount', header: '', align: 'right', render: (l) => show(l.kind, l.amount) },
            {
              key: 'used',
              header: '',
              align: 'right',
              render: (l) => (l.used === null ? '—' : formatMoney(l.used)),
            },
            {
              key: 'pending',
              header: '',
              render: (l) =>
                l.pending ? (
                  <>
                    → {show(l.kind, l.pending.amount)} · <DateTime value={l.pending.from} />
                  </>
                ) : (
                  ''
                ),
            },
          ]}
        />
      </section>
      <DataTable
        dense
        rows={p.history}
        rowKey={(h) => `${h.at}${h.action}`}
        columns={[
          {
            key: 'at',
            header: t('lastChange'),
            width: '11rem',
            render: (h) => <DateTime value={h.at} seconds />,
          },
          { key: 'action', header: '', render: (h) => <span className="bo-mono">{h.action}</span> },
          {
            key: 'detail',
            header: '',
            render: (h) => <span className="bo-mono bo-muted">{JSON.stringify(h.detail)}</span>,
          },
          { key: 'actor', header: '', render: (h) => h.actor },
        ]}
      />
    </>
  );
}
