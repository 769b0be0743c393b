import type { ReportExport, ReportExportList } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../api/client';
import { useSession } from '../../auth/session';
import { Button, errorText, formatNumber, useToast } from '../../ui';

/** How long the button follows an export it started before leaving it to the Exports tab. */
const FOLLOW_MS = 30_000;
const POLL_MS = 1_000;

/**
 * Exports a report (a server-side report source, e.g. `business.games`) with the screen's query,
 * as CSV or XLSX. Shown only to staff holding reports.export. The file is made in the background:
 * the button follows it for a while and saves the file as soon as it is done; a longer one is left
 * to the Exports tab (linked beside the buttons).
 */
export function ExportButton({
  report,
  query,
  disabled,
}: {
  report: string;
  query: Record<string, string | number | boolean | undefined>;
  disabled?: boolean;
}) {
  const { t } = useTranslation('reports');
  const { can } = useSession();
  const toast = useToast();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [following, setFollowing] = useState<ReportExport | null>(null);
  const [handedOver, setHandedOver] = useState(false);
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );
  if (!can('reports.export')) return null;

  const follow = async (started: ReportExport) => {
    const until = Date.now() + FOLLOW_MS;
    let current = started;
    while (alive.current && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      const list = await api.get<ReportExportList>('/reports/exports');
      current = list.items.find((e) => e.id === started.id) ?? current;
      if (!alive.current) return;
      setFollowing(current);
      if (current.status === 'DONE') {
        await api.download(`/reports/exports/${current.id}/file`);
        toast(t('export.ready', { file: current.fileName }));
        return;
      }
      if (current.status === 'FAILED') {
        toast(t('export.failed', { reason: current.error ?? '' }), 'error');
        return;
      }
    }
    if (alive.current) {
      setHandedOver(true);
      toast(t('export.started'), 'info');
    }
  };

  const start = async (format: 'csv' | 'xlsx') => {
    setBusy(true);
    setHandedOver(false);
    try {
      // Only the fields a report reads: undefined ones are left out.
      const clean = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined));
      const started = await api.post<ReportExport>('/reports/exports', { report, format, query: clean });
      setFollowing(started);
      void client.invalidateQueries({ queryKey: ['report-exports'] });
      await follow(started);
    } catch (e) {
      toast(errorText(e), 'error');
    } finally {
      if (alive.current) {
        setBusy(false);
        setFollowing(null);
      }
    }
  };

  const note =
    busy && following
      ? following.status === 'RUNNING'
        ? t('export.preparing', { rows: formatNumber(following.rows) })
        : following.status === 'QUEUED'
          ? t('export.queued')
          : null
      : null;
  return (
    <div className="bo-export" role="group" aria-label={t('export.label')}>
      <Button size="sm" disabled={disabled || busy} onClick={() => void start('csv')}>
        CSV
      </Button>
      <Button size="sm" disabled={disabled || busy} onClick={() => void start('xlsx')}>
        XLSX
      </Button>
      {note ? (
        <span className="bo-muted" role="status">
          {note}
        </span>
      ) : null}
      {busy || handedOver ? <Link to="/reports?tab=exports">{t('export.open')}</Link> : null}
    </div>
  );
}
