import type { ContractTemplate } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { useSession } from '../../auth/session';
import { Button, ConfirmDialog, DataTable, DateTime, Dialog, Field, errorText, useToast } from '../../ui';
import { TermsEditor, emptyTerms, termsBody, termsProblem, type TermsDraft } from './terms';

/** Named terms per brand that top agents are granted from; a grant copies them. */
export function TemplatesTab() {
  const { t } = useTranslation('agents');
  const { brand, can } = useSession();
  const list = useQuery({
    queryKey: ['agents', 'templates', brand],
    queryFn: () => api.get<{ list: ContractTemplate[] }>('/agents/templates'),
  });
  const [editing, setEditing] = useState<ContractTemplate | 'new' | null>(null);
  const [removing, setRemoving] = useState<ContractTemplate | null>(null);
  const qc = useQueryClient();
  const toast = useToast();
  const manage = can('agents.contracts.manage');
  return (
    <section className="bo-card">
      <div className="bo-agents-head">
        <div>
          <h2>{t('templates.title')}</h2>
          <p className="bo-muted">{t('templates.intro')}</p>
        </div>
        {manage && (
          <Button variant="primary" onClick={() => setEditing('new')}>
            {t('templates.add')}
          </Button>
        )}
      </div>
      <DataTable
        rows={list.data?.list}
        loading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        rowKey={(r) => r.id}
        dense
        empty={t('templates.empty')}
        columns={[
          { key: 'name', header: t('templates.name'), render: (r) => <strong>{r.name}</strong> },
          {
            key: 'kind',
            header: t('terms.kind'),
            render: (r) => `${t(`kind.${r.kind}`)} · ${t(`period.${r.period}`)}`,
          },
          {
            key: 'tiers',
            header: t('templates.tiers'),
            render: (r) =>
              r.tiers.map((x, i) => (
                <div key={i} className="bo-mono">
                  ≥ {x.minAmount} · {x.minActive}+ · {x.rate}%
                </div>
              )),
          },
          { key: 'by', header: t('templates.updatedBy'), render: (r) => r.updatedBy },
          {
            key: 'at',
            header: t('templates.updated'),
            width: '11rem',
            render: (r) => <DateTime value={r.updatedTime} />,
          },
          {
            key: 'actions',
            header: t('common.actions'),
            render: (r) =>
              manage && (
                <span className="bo-agents-actions">
                  <Button size="sm" variant="secondary" onClick={() => setEditing(r)}>
                    {t('templates.edit')}
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setRemoving(r)}>
                    {t('templates.delete')}
                  </Button>
                </span>
              ),
          },
        ]}
      />
      {editing && (
        <TemplateDialog template={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('templates.delete')}
        message={removing ? t('templates.deleteText', { name: removing.name }) : undefined}
        danger
        confirmLabel={t('templates.delete')}
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          await api.del(`/agents/templates/${removing!.id}`);
          toast(t('templates.deleted'));
          await qc.invalidateQueries({ queryKey: ['agents', 'templates'] });
        }}
      />
    </section>
  );
}

function TemplateDialog({ template, onClose }: { template: ContractTemplate | null; onClose(): void }) {
  const { t } = useTranslation('agents');
  const [name, setName] = useState(template?.name ?? '');
  const [terms, setTerms] = useState<TermsDraft>(() =>
    template
      ? {
          kind: template.kind,
          period: template.period,
          tiers: template.tiers.map((x) => ({
            minAmount: x.minAmount,
            minActive: String(x.minActive),
            rate: x.rate,
          })),
        }
      : emptyTerms(),
  );
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const qc = useQueryClient();
  const toast = useToast();
  const problem = name.trim() === '' ? t('templates.nameRequired') : termsProblem(terms, t);
  async function save() {
    setTouched(true);
    if (problem) return;
    setBusy(true);
    setError(null);
    try {
      const body = { name: name.trim(), ...termsBody(terms) };
      if (template) await api.put(`/agents/templates/${template.id}`, body);
      else await api.post('/agents/templates', body);
      toast(t('templates.saved'));
      await qc.invalidateQueries({ queryKey: ['agents', 'templates'] });
      onClose();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog
      open
      wide
      title={template ? t('templates.editTitle', { name: template.name }) : t('templates.add')}
      onClose={onClose}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button variant="primary" busy={busy} onClick={() => void save()}>
            {t('common.save')}
          </Button>
        </>
      }
    >
      <Field label={t('templates.name')}>
        <input
          value={name}
          maxLength={60}
          onChange={(e) => setName(e.target.value)}
          data-testid="template-name"
        />
      </Field>
      <TermsEditor value={terms} onChange={setTerms} />
      {template && <p className="bo-muted">{t('templates.editHint')}</p>}
      {touched && problem && (
        <p className="bo-field-error" role="alert">
          {problem}
        </p>
      )}
      {error && <p role="alert">{error}</p>}
    </Dialog>
  );
}
