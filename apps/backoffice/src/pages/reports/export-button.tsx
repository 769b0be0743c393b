import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { useSession } from '../../auth/session';
import { Button, errorText, useToast } from '../../ui';

/**
 * Exports a report (a server-side report source, e.g. `business.games`) with the screen's query,
 * as CSV or XLSX. Shown only to staff holding reports.export.
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
  const [busy, setBusy] = useState(false);
  if (!can('reports.export')) return null;
  const start = async (format: 'csv' | 'xlsx') => {
    setBusy(true);
    try {
      await api.post('/reports/exports', { report, format, query });
      toast(t('export.started'));
    } catch (e) {
      toast(errorText(e), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="bo-export" role="group" aria-label={t('export.label')}>
      <Button size="sm" disabled={disabled || busy} onClick={() => void start('csv')}>
        CSV
      </Button>
      <Button size="sm" disabled={disabled || busy} onClick={() => void start('xlsx')}>
        XLSX
      </Button>
    </div>
  );
}
