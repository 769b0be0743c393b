import { AML_LIST_KINDS, type AmlListKind } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { useSession } from '../../auth/session';
import { Button, ConfirmDialog, DataTable, DateTime, Field, useToast } from '../../ui';

interface ListSummary {
  kind: AmlListKind;
  entries: number;
  uploadedAt: string | null;
  uploadedBy: string | null;
}

/** Largest list file accepted here (the server takes up to 2 MB of CSV text). */
const MAX_BYTES = 2_000_000;

/** The screening lists: what each holds, and (brand.security) a CSV that replaces one. */
export function ListsPanel() {
  const { t } = useTranslation('aml');
  const { brand, can } = useSession();
  const qc = useQueryClient();
  const toast = useToast();
  const lists = useQuery({
    queryKey: ['aml', 'lists', brand],
    queryFn: () => api.get<ListSummary[]>('/aml/lists'),
  });
  const [kind, setKind] = useState<AmlListKind>('RESTRICTED');
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  async function pick(f: File | undefined) {
    setFileError(null);
    setFile(null);
    if (!f) return;
    if (f.size > MAX_BYTES) return setFileError(t('fileTooLarge'));
    setFile({ name: f.name, text: await f.text() });
  }

  return (
    <>
      <section className="bo-card">
        <p className="bo-muted">{t('listsHelp')}</p>
        <DataTable
          dense
          rows={lists.data}
          loading={lists.isFetching}
          error={lists.error}
          onRetry={() => void lists.refetch()}
          rowKey={(r) => r.kind}
          columns={[
            { key: 'kind', header: t('listKind'), render: (r) => t(`list.${r.kind}`) },
            { key: 'entries', header: t('entries'), align: 'right', render: (r) => r.entries },
            {
              key: 'at',
              header: t('uploadedAt'),
              render: (r) => (r.uploadedAt ? <DateTime value={r.uploadedAt} /> : '—'),
            },
            { key: 'by', header: t('uploadedBy'), render: (r) => r.uploadedBy ?? '—' },
          ]}
        />
      </section>
      {can('brand.security') && (
        <form
          className="bo-card bo-form-row"
          onSubmit={(e) => {
            e.preventDefault();
            if (file) setConfirming(true);
          }}
        >
          <Field label={t('listKind')}>
            <select value={kind} onChange={(e) => setKind(e.target.value as AmlListKind)}>
              {AML_LIST_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`list.${k}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('csvFile')} hint={t('csvHint')} error={fileError ?? undefined}>
            <input type="file" accept=".csv,text/csv" onChange={(e) => void pick(e.target.files?.[0])} />
          </Field>
          <div className="bo-page-actions">
            <Button type="submit" variant="primary" disabled={!file}>
              {t('upload')}
            </Button>
          </div>
        </form>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('upload')}
        message={t('confirmUpload', { list: t(`list.${kind}`), file: file?.name ?? '' })}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          const r = await api.post<{ entries: number }>('/aml/lists', { kind, csv: file?.text ?? '' });
          toast(t('uploaded', { count: r.entries }), 'info');
          await qc.invalidateQueries({ queryKey: ['aml', 'lists'] });
        }}
      />
    </>
  );
}
