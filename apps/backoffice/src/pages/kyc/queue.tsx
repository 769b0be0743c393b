import type { KycQueueAges, KycQueueRow } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../api/client';
import {
  Badge,
  DataTable,
  DateTime,
  Field,
  formatNumber,
  LiveBadge,
  PageHeader,
  type Column,
} from '../../ui';
import { useLiveQueue } from '../../api/live';
import { KycStateBadge } from './common';
import { KycRules } from './rules';

const STATES = ['PENDING', 'APPROVED', 'REJECTED', 'ALL'] as const;
type StateFilter = (typeof STATES)[number];

/** Hours as the queue reads them: "5.5 h" under two days, else "3.2 d". */
function Age({ hours }: { hours: number }) {
  const { t } = useTranslation('kyc');
  return hours < 48 ? (
    <>{t('age.hours', { n: formatNumber(hours) })}</>
  ) : (
    <>{t('age.days', { n: formatNumber(Math.round((hours / 24) * 10) / 10) })}</>
  );
}

/** The queue-age report: pending submissions by how long they have waited. */
export function QueueAges({ ages }: { ages: KycQueueAges | undefined }) {
  const { t } = useTranslation('kyc');
  const cells: [string, number | null | undefined, 'warning' | 'danger' | undefined][] = [
    [t('ages.pending'), ages?.pending, undefined],
    [t('ages.under24h'), ages?.under24h, undefined],
    [t('ages.from1to3d'), ages?.from1to3d, 'warning'],
    [t('ages.over3d'), ages?.over3d, 'danger'],
  ];
  return (
    <dl className="bo-kyc-ages" aria-label={t('ages.title')}>
      {cells.map(([label, n, tone]) => (
        <div key={label} className={tone && n ? `bo-kyc-age-${tone}` : undefined}>
          <dt>{label}</dt>
          <dd>{n === undefined ? '…' : formatNumber(n ?? 0)}</dd>
        </div>
      ))}
      <div>
        <dt>{t('ages.oldest')}</dt>
        <dd>
          {ages === undefined ? '…' : ages.oldestHours === null ? '—' : <Age hours={ages.oldestHours} />}
        </dd>
      </div>
    </dl>
  );
}

export function KycQueuePage() {
  const { t } = useTranslation('kyc');
  const [params, setParams] = useSearchParams();
  const raw = params.get('state');
  const state: StateFilter = (STATES as readonly string[]).includes(raw ?? '')
    ? (raw as StateFilter)
    : 'PENDING';
  const live = useLiveQueue('kyc', ['bo', '/kyc/queue']);
  const q = useQuery({
    queryKey: ['bo', '/kyc/queue', state],
    queryFn: () => api.get<{ list: KycQueueRow[]; ages: KycQueueAges }>('/kyc/queue', { state }),
  });
  const columns: Column<KycQueueRow>[] = [
    {
      key: 'player',
      header: t('col.player'),
      render: (r) => (
        <>
          <Link to={`/players/${encodeURIComponent(r.memberId)}?tab=kyc`}>{r.username}</Link>
          {r.flagged && (
            <>
              {' '}
              <Badge tone="danger">{t('flagged')}</Badge>
            </>
          )}
        </>
      ),
    },
    { key: 'name', header: t('col.fullName'), render: (r) => r.fullName },
    { key: 'state', header: t('col.state'), render: (r) => <KycStateBadge state={r.state} /> },
    { key: 'created', header: t('col.submittedAt'), render: (r) => <DateTime value={r.createdAt} /> },
    {
      key: 'age',
      header: t('col.age'),
      align: 'right',
      render: (r) => (
        <span className={r.state === 'PENDING' && r.ageHours >= 72 ? 'bo-kyc-late' : undefined}>
          <Age hours={r.ageHours} />
        </span>
      ),
    },
    {
      key: 'by',
      header: t('col.decidedBy'),
      render: (r) => r.decidedBy ?? <span className="bo-muted">—</span>,
    },
    {
      key: 'open',
      header: t('col.actions'),
      render: (r) => (
        <Link className="bo-btn bo-btn-sm" to={`/kyc/${encodeURIComponent(r.submissionId)}`}>
          {r.state === 'PENDING' ? t('review') : t('open')}
        </Link>
      ),
    },
  ];
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} actions={<LiveBadge live={live} />} />
      <section className="bo-card">
        <h2>{t('ages.title')}</h2>
        <QueueAges ages={q.data?.ages} />
      </section>
      <div className="bo-card bo-form-row">
        <Field label={t('col.state')}>
          <select
            value={state}
            onChange={(e) => {
              const next = new URLSearchParams(params);
              next.set('state', e.target.value);
              setParams(next, { replace: true });
            }}
          >
            {STATES.map((s) => (
              <option key={s} value={s}>
                {s === 'ALL' ? t('filter.all') : t(`state.${s}`)}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <DataTable<KycQueueRow>
        dense
        columns={columns}
        rows={q.data?.list}
        rowKey={(r) => r.submissionId}
        loading={q.isFetching}
        error={q.error}
        onRetry={() => void q.refetch()}
        empty={t('empty')}
        caption={t('queueCaption')}
      />
      <KycRules />
    </>
  );
}
