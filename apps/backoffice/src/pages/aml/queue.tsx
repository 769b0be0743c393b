import {
  AML_CASE_STATES,
  AML_RULE_KINDS,
  type AmlCaseRow,
  type AmlCaseRule,
  type AmlCaseState,
} from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../api/client';
import { useLiveQueue } from '../../api/live';
import { useSession } from '../../auth/session';
import { Badge, Button, DateTime, Field, LiveBadge, PagedTable } from '../../ui';
import { RuleName, StateBadge } from './shared';

const PAGE_SIZE = 30;
const RULES: AmlCaseRule[] = [...AML_RULE_KINDS, 'SCREENING'];

interface Filter {
  state: string;
  rule: string;
  assignee: string;
  minAgeHours: string;
}

/** Age of a case: whole hours under two days, else whole days. */
function ageOf(createdAt: string): { unit: 'ageHours' | 'ageDays'; count: number } {
  const hours = Math.floor((Date.now() - new Date(createdAt).getTime()) / 3_600_000);
  return hours < 48 ? { unit: 'ageHours', count: hours } : { unit: 'ageDays', count: Math.floor(hours / 24) };
}

/** The case queue: open cases first by default, oldest first, filtered by state, rule, assignee and age. */
export function CaseQueue() {
  const { t } = useTranslation('aml');
  const { brand } = useSession();
  const [params, setParams] = useSearchParams();
  const filter: Filter = {
    state: params.get('state') ?? 'OPEN',
    rule: params.get('rule') ?? '',
    assignee: params.get('assignee') ?? '',
    minAgeHours: params.get('minAgeHours') ?? '',
  };
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = {
    state: (filter.state || undefined) as AmlCaseState | undefined,
    rule: (filter.rule || undefined) as AmlCaseRule | undefined,
    assignee: filter.assignee || undefined,
    minAgeHours: filter.minAgeHours || undefined,
  };
  const live = useLiveQueue('aml', ['aml', 'cases']);
  const list = useQuery({
    queryKey: ['aml', 'cases', brand, query, page],
    queryFn: () =>
      api.get<{ list: AmlCaseRow[]; hasMore: boolean }>('/aml/cases', {
        ...query,
        page,
        pageSize: PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
  });
  const [draft, setDraft] = useState<Filter>(filter);

  function apply(e: FormEvent) {
    e.preventDefault();
    const next = new URLSearchParams();
    // An empty state means "every state": kept in the address so the default does not come back.
    next.set('state', draft.state);
    for (const k of ['rule', 'assignee', 'minAgeHours'] as const)
      if (draft[k].trim()) next.set(k, draft[k].trim());
    setParams(next);
  }

  return (
    <>
      <form className="bo-card bo-form-row" onSubmit={apply} noValidate>
        <Field label={t('filter.state')}>
          <select value={draft.state} onChange={(e) => setDraft({ ...draft, state: e.target.value })}>
            <option value="">{t('filter.any')}</option>
            {AML_CASE_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`state.${s}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('filter.rule')}>
          <select value={draft.rule} onChange={(e) => setDraft({ ...draft, rule: e.target.value })}>
            <option value="">{t('filter.any')}</option>
            {RULES.map((r) => (
              <option key={r} value={r}>
                {t(`rule.${r}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('filter.assignee')}>
          <input
            value={draft.assignee}
            maxLength={60}
            onChange={(e) => setDraft({ ...draft, assignee: e.target.value })}
          />
        </Field>
        <Field label={t('filter.minAge')}>
          <select
            value={draft.minAgeHours}
            onChange={(e) => setDraft({ ...draft, minAgeHours: e.target.value })}
          >
            <option value="">{t('filter.any')}</option>
            <option value="24">{t('filter.olderThan', { count: 1 })}</option>
            <option value="72">{t('filter.olderThan', { count: 3 })}</option>
            <option value="168">{t('filter.olderThan', { count: 7 })}</option>
          </select>
        </Field>
        <div className="bo-page-actions">
          <Button type="submit" variant="primary">
            {t('common.search')}
          </Button>
          <Button
            onClick={() => {
              setDraft({ state: 'OPEN', rule: '', assignee: '', minAgeHours: '' });
              setParams(new URLSearchParams());
            }}
          >
            {t('common.reset')}
          </Button>
          <LiveBadge live={live} />
        </div>
      </form>
      <PagedTable
        query={list}
        rowKey={(r) => r.id}
        page={page}
        onPage={(p) => {
          const next = new URLSearchParams(params);
          next.set('page', String(p));
          setParams(next);
        }}
        empty={t('emptyQueue')}
        columns={[
          {
            key: 'id',
            header: t('case'),
            width: '5rem',
            render: (r) => (
              <Link to={`/aml/cases/${r.id}`} data-testid={`aml-case-${r.id}`}>
                #{r.id}
              </Link>
            ),
          },
          { key: 'rule', header: t('filter.rule'), render: (r) => <RuleName rule={r.rule} /> },
          {
            key: 'member',
            header: t('member'),
            render: (r) => <span className="bo-mono">{r.username}</span>,
          },
          {
            key: 'subject',
            header: t('subject'),
            render: (r) => <span className="bo-mono bo-aml-subject">{r.subject}</span>,
          },
          {
            key: 'state',
            header: t('filter.state'),
            render: (r) => (
              <>
                <StateBadge state={r.state} />{' '}
                {r.blocked && r.state === 'OPEN' && <Badge tone="danger">{t('blocked')}</Badge>}
              </>
            ),
          },
          { key: 'assignee', header: t('filter.assignee'), render: (r) => r.assignee ?? '—' },
          {
            key: 'opened',
            header: t('opened'),
            width: '10rem',
            render: (r) => <DateTime value={r.createdAt} />,
          },
          {
            key: 'age',
            header: t('age'),
            width: '6rem',
            render: (r) => {
              const a = ageOf(r.createdAt);
              return t(a.unit, { count: a.count });
            },
          },
        ]}
      />
    </>
  );
}
