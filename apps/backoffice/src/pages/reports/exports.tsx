import type { ReportExport, ReportExportList } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { useSession } from '../../auth/session';
import {
  Badge,
  Button,
  DataTable,
  DateTime,
  errorText,
  formatNumber,
  useToast,
  type BadgeTone,
  type Column,
} from '../../ui';

const TONE: Record<ReportExport['status'], BadgeTone> = {
  QUEUED: 'neutral',
  RUNNING: 'info',
  DONE: 'success',
  FAILED: 'danger',
  EXPIRED: 'neutral',
};

const running = (e: ReportExport) => e.status === 'QUEUED' || e.status === 'RUNNING';

/** 1234567 → "1.2 MB". */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The brand's exports (newest first), followed while any is running. */
export function useExports() {
  const { brand } = useSession();
  return useQuery({
    queryKey: ['report-exports', brand],
    queryFn: () => api.get<ReportExportList>('/reports/exports'),
    refetchInterval: (q) => (q.state.data?.items.some(running) ? 2000 : false),
  });
}

/** Saves a finished export's file under the name the server gives it. */
export function downloadExport(e: Pick<ReportExport, 'id'>): Promise<void> {
  return api.download(`/reports/exports/${e.id}/file`);
}

function Progress({ e }: { e: ReportExport }) {
  const { t } = useTranslation('reports');
  if (e.status === 'DONE')
    return <progress value={1} max={1} style={{ width: '100%' }} aria-label={t('exports.status.DONE')} />;
  if (!running(e)) return null;
  const label = e.rowsTotal
    ? t('exports.rowsOf', { rows: formatNumber(e.rows), total: formatNumber(e.rowsTotal) })
    : t('exports.rowsSoFar', { rows: formatNumber(e.rows) });
  return (
    <div title={label}>
      {/* No total yet: an indeterminate bar (the rows written are counted beside it). */}
      {e.rowsTotal ? (
        <progress value={e.rows} max={e.rowsTotal} style={{ width: '100%' }} aria-label={label} />
      ) : (
        <progress style={{ width: '100%' }} aria-label={label} />
      )}
    </div>
  );
}

function DownloadCell({ e }: { e: ReportExport }) {
  const { t } = useTranslation('reports');
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  if (e.status === 'FAILED') return <span className="bo-muted">{e.error ?? t('exports.status.FAILED')}</span>;
  if (e.status === 'EXPIRED') return <span className="bo-muted">{t('exports.expired')}</span>;
  if (e.status !== 'DONE') return null;
  const save = async () => {
    setBusy(true);
    try {
      await downloadExport(e);
    } catch (err) {
      toast(errorText(err), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="sm" disabled={busy} onClick={() => void save()} title={e.fileName}>
      {t('exports.download')}
    </Button>
  );
}

/** The Exports tab: every export asked on this brand, its progress, and its file while kept. */
export default function ExportsTab() {
  const { t } = useTranslation('reports');
  const { timeZone } = useSession();
  const list = useExports();
  const columns: Column<ReportExport>[] = [
    {
      key: 'report',
      header: t('exports.columns.report'),
      render: (e) => <code>{e.report}</code>,
    },
    {
      key: 'period',
      header: t('exports.columns.period'),
      render: (e) => (
        <>
          {e.from === e.to ? e.from : `${e.from} – ${e.to}`}{' '}
          {e.scope === 'all' ? (
            <Badge tone="info">{`${t('exports.allBrands')} · ${e.currency ?? ''}`}</Badge>
          ) : null}
        </>
      ),
    },
    {
      key: 'format',
      header: t('exports.columns.format'),
      render: (e) => e.format.toUpperCase(),
      width: '4rem',
    },
    { key: 'who', header: t('exports.columns.who'), render: (e) => e.requestedBy },
    {
      key: 'requested',
      header: t('exports.columns.requested'),
      render: (e) => <DateTime value={e.createdAt} />,
    },
    {
      key: 'status',
      header: t('exports.columns.status'),
      render: (e) => <Badge tone={TONE[e.status]}>{t(`exports.status.${e.status}`)}</Badge>,
    },
    {
      key: 'progress',
      header: t('exports.columns.progress'),
      render: (e) => <Progress e={e} />,
      width: '9rem',
    },
    {
      key: 'rows',
      header: t('exports.columns.rows'),
      render: (e) => formatNumber(e.rows),
      align: 'right',
    },
    {
      key: 'size',
      header: t('exports.columns.size'),
      render: (e) => (e.bytes ? fileSize(e.bytes) : ''),
      align: 'right',
    },
    { key: 'file', header: t('exports.columns.file'), render: (e) => <DownloadCell e={e} /> },
  ];
  return (
    <section className="bo-card" aria-label={t('tabs.exports')}>
      <p className="bo-muted">{t('exports.hint', { zone: timeZone })}</p>
      <DataTable
        columns={columns}
        rows={list.data?.items}
        rowKey={(e) => e.id}
        loading={list.isLoading}
        error={list.error}
        onRetry={() => void list.refetch()}
        empty={t('exports.empty')}
        dense
      />
    </section>
  );
}
