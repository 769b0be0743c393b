import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api } from '../../api/client';
import type { Paged } from '../../api/types';
import { RequirePermission, useSession } from '../../auth/session';
import { Badge, Button, DateTime, Field, PageHeader, PagedTable, errorText, useToast } from '../../ui';
import { jsonDiff } from './diff';

interface AuditRow {
  id: string;
  actor: string;
  actorKind: string;
  role: string | null;
  action: string;
  target: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
}

const FILTERS = ['actor', 'action', 'target', 'from', 'to'] as const;
type Filter = Record<(typeof FILTERS)[number], string>;
const PAGE_SIZE = 50;

/** datetime-local (the user's wall clock) ⇄ the ISO instant the API takes. */
const toIso = (local: string) => (local ? new Date(local).toISOString() : undefined);
function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const off = d.getTimezoneOffset() * 60_000;
  return new Date(d.getTime() - off).toISOString().slice(0, 16);
}

export default function AuditPage() {
  return (
    <RequirePermission permission="audit.view">
      <AuditLog />
    </RequirePermission>
  );
}

function AuditLog() {
  const { t } = useTranslation('audit');
  const { brand, can } = useSession();
  const toast = useToast();
  // Filters live in the address so a search can be shared and survives a reload.
  const [params, setParams] = useSearchParams();
  const filter = Object.fromEntries(FILTERS.map((f) => [f, params.get(f) ?? ''])) as Filter;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = {
    actor: filter.actor || undefined,
    action: filter.action || undefined,
    target: filter.target || undefined,
    from: filter.from || undefined,
    to: filter.to || undefined,
  };
  const list = useQuery({
    queryKey: ['audit', brand, query, page],
    queryFn: () => api.get<Paged<AuditRow>>('/audit', { ...query, page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const [draft, setDraft] = useState<Filter>(filter);
  const [exporting, setExporting] = useState(false);
  const rangeError = draft.from && draft.to && draft.from > draft.to ? t('rangeError') : undefined;

  function apply(e: FormEvent) {
    e.preventDefault();
    if (rangeError) return;
    const next = new URLSearchParams();
    for (const f of FILTERS) if (draft[f].trim()) next.set(f, draft[f].trim());
    setParams(next);
  }
  function setPage(p: number) {
    const next = new URLSearchParams(params);
    next.set('page', String(p));
    setParams(next);
  }
  async function exportCsv() {
    setExporting(true);
    try {
      await api.download('/audit/export', query);
    } catch (e) {
      toast(errorText(e), 'error');
    } finally {
      setExporting(false);
    }
  }

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle', { brand })}
        actions={
          can('audit.export') && (
            <Button busy={exporting} onClick={() => void exportCsv()}>
              {t('export')}
            </Button>
          )
        }
      />
      <form className="bo-card bo-form-row" onSubmit={apply} noValidate>
        <Field label={t('actor')}>
          <input
            value={draft.actor}
            onChange={(e) => setDraft({ ...draft, actor: e.target.value })}
            maxLength={80}
          />
        </Field>
        <Field label={t('action')}>
          <input
            value={draft.action}
            onChange={(e) => setDraft({ ...draft, action: e.target.value })}
            placeholder="players.lock"
            maxLength={80}
          />
        </Field>
        <Field label={t('target')}>
          <input
            value={draft.target}
            onChange={(e) => setDraft({ ...draft, target: e.target.value })}
            placeholder="member:123"
            maxLength={200}
          />
        </Field>
        <Field label={t('from')}>
          <input
            type="datetime-local"
            value={draft.from ? toLocalInput(draft.from) : ''}
            onChange={(e) => setDraft({ ...draft, from: toIso(e.target.value) ?? '' })}
          />
        </Field>
        <Field label={t('to')} error={rangeError}>
          <input
            type="datetime-local"
            value={draft.to ? toLocalInput(draft.to) : ''}
            onChange={(e) => setDraft({ ...draft, to: toIso(e.target.value) ?? '' })}
          />
        </Field>
        <div className="bo-page-actions">
          <Button type="submit" variant="primary">
            {t('common.search')}
          </Button>
          <Button
            onClick={() => {
              setDraft({ actor: '', action: '', target: '', from: '', to: '' });
              setParams(new URLSearchParams());
            }}
          >
            {t('common.reset')}
          </Button>
        </div>
      </form>
      <PagedTable
        query={list}
        rowKey={(r) => r.id}
        page={page}
        onPage={setPage}
        expand={(r) => <AuditDetail row={r} />}
        columns={[
          {
            key: 'at',
            header: t('at'),
            width: '11rem',
            render: (r) => <DateTime value={r.createdAt} seconds />,
          },
          {
            key: 'actor',
            header: t('actor'),
            render: (r) => (
              <>
                {r.actor} <Badge>{r.actorKind}</Badge>
                {r.role && <span className="bo-muted"> · {r.role}</span>}
              </>
            ),
          },
          { key: 'action', header: t('action'), render: (r) => <span className="bo-mono">{r.action}</span> },
          {
            key: 'target',
            header: t('target'),
            render: (r) => <span className="bo-mono">{r.target ?? '—'}</span>,
          },
          { key: 'ip', header: t('ip'), render: (r) => <span className="bo-mono">{r.ip ?? '—'}</span> },
        ]}
      />
    </>
  );
}

function AuditDetail({ row }: { row: AuditRow }) {
  const { t } = useTranslation('audit');
  const lines = jsonDiff(row.before, row.after);
  return (
    <div className="bo-audit-detail">
      {lines.length === 0 ? (
        <p className="bo-muted">{t('noChange')}</p>
      ) : (
        <table className="bo-diff">
          <thead>
            <tr>
              <th>{t('field')}</th>
              <th>{t('before')}</th>
              <th>{t('after')}</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={l.path} className={`bo-diff-${l.kind}`}>
                <td className="bo-mono">{l.path}</td>
                <td className="bo-mono">{l.before ?? ''}</td>
                <td className="bo-mono">{l.after ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {row.userAgent && (
        <p className="bo-muted bo-ua">
          {t('userAgent')}: {row.userAgent}
        </p>
      )}
    </div>
  );
}
