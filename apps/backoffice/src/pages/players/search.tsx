import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Badge, Button, PagedTable, DateTime, Field, PageHeader, type Column } from '../../ui';
import { dayEnd, dayStart, usePaged } from './paged';
import { PlayerStatus, BlockBadges } from './player-badges';
import { PLAYER_FILTER_STATES, type PlayerRow } from './types';

const PAGE_SIZE = 50;
/** The filter fields, kept in the address so a search survives going to a player and back. */
const FILTERS = [
  'q',
  'status',
  'vipLevel',
  'registeredFrom',
  'registeredTo',
  'lastLoginFrom',
  'lastLoginTo',
] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

function readFilters(params: URLSearchParams): Filters {
  return Object.fromEntries(FILTERS.map((k) => [k, params.get(k) ?? ''])) as Filters;
}

export function PlayerSearch() {
  const { t } = useTranslation('players');
  const { t: tc } = useTranslation();
  const [params, setParams] = useSearchParams();
  const applied = readFilters(params);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [draft, setDraft] = useState<Filters>(applied);

  const list = usePaged<PlayerRow>('/players', {
    q: applied.q.trim(),
    status: applied.status,
    vipLevel: applied.vipLevel,
    registeredFrom: dayStart(applied.registeredFrom),
    registeredTo: dayEnd(applied.registeredTo),
    lastLoginFrom: dayStart(applied.lastLoginFrom),
    lastLoginTo: dayEnd(applied.lastLoginTo),
    page,
    pageSize: PAGE_SIZE,
  });

  function apply(next: Filters, nextPage = 1) {
    const p = new URLSearchParams();
    for (const k of FILTERS) if (next[k]) p.set(k, next[k]);
    if (nextPage > 1) p.set('page', String(nextPage));
    setParams(p);
  }
  function submit(e: FormEvent) {
    e.preventDefault();
    apply(draft);
  }
  const set = (k: keyof Filters) => (e: { target: { value: string } }) =>
    setDraft({ ...draft, [k]: e.target.value });

  const columns: Column<PlayerRow>[] = [
    { key: 'id', header: t('col.memberId'), render: (r) => <span className="bo-mono">{r.memberId}</span> },
    {
      key: 'username',
      header: t('col.username'),
      render: (r) => (
        <>
          <Link to={`/players/${encodeURIComponent(r.memberId)}`}>{r.username}</Link>
          {r.isAgent && (
            <>
              {' '}
              <Badge tone="info">{t('agent')}</Badge>
            </>
          )}
        </>
      ),
    },
    { key: 'realName', header: t('col.realName'), render: (r) => r.realName ?? '—' },
    {
      key: 'contact',
      header: t('col.contact'),
      render: (r) => (
        <span className="bo-mono">
          {r.mobile ?? '—'}
          {r.email && (
            <>
              <br />
              {r.email}
            </>
          )}
        </span>
      ),
    },
    {
      key: 'status',
      header: t('col.status'),
      render: (r) => (
        <span className="bo-badges">
          <PlayerStatus status={r.status} />
          <BlockBadges blocks={r.blocks} />
        </span>
      ),
    },
    { key: 'vip', header: t('col.vip'), align: 'right', render: (r) => r.vipLevel },
    { key: 'registered', header: t('col.registeredAt'), render: (r) => <DateTime value={r.registeredAt} /> },
    {
      key: 'lastLogin',
      header: t('col.lastLogin'),
      render: (r) => (
        <>
          <DateTime value={r.lastLoginAt} />
          {r.lastLoginIp && <div className="bo-mono bo-muted">{r.lastLoginIp}</div>}
        </>
      ),
    },
    { key: 'upline', header: t('col.upline'), render: (r) => r.upline ?? '—' },
    {
      key: 'tags',
      header: t('col.tags'),
      render: (r) => (
        <span className="bo-badges">
          {r.tags.map((tag) => (
            <Badge key={tag}>{tag}</Badge>
          ))}
        </span>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t('title')} />
      <form className="bo-card bo-filters" onSubmit={submit} role="search">
        <div className="bo-form-row bo-top">
          <div className="bo-grow">
            <Field label={t('search.label')} hint={t('search.hint')}>
              <input type="search" value={draft.q} onChange={set('q')} maxLength={100} autoFocus />
            </Field>
          </div>
          <Field label={t('col.status')}>
            <select value={draft.status} onChange={set('status')}>
              <option value="">{t('filter.any')}</option>
              {PLAYER_FILTER_STATES.map((s) => (
                <option key={s} value={s}>
                  {t(`status.${s}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('col.vip')}>
            <input
              type="number"
              min={0}
              max={99}
              step={1}
              value={draft.vipLevel}
              onChange={set('vipLevel')}
            />
          </Field>
        </div>
        <div className="bo-form-row">
          <Field label={t('filter.registeredFrom')}>
            <input type="date" value={draft.registeredFrom} onChange={set('registeredFrom')} />
          </Field>
          <Field label={t('filter.registeredTo')}>
            <input
              type="date"
              value={draft.registeredTo}
              min={draft.registeredFrom}
              onChange={set('registeredTo')}
            />
          </Field>
          <Field label={t('filter.lastLoginFrom')}>
            <input type="date" value={draft.lastLoginFrom} onChange={set('lastLoginFrom')} />
          </Field>
          <Field label={t('filter.lastLoginTo')}>
            <input
              type="date"
              value={draft.lastLoginTo}
              min={draft.lastLoginFrom}
              onChange={set('lastLoginTo')}
            />
          </Field>
          <span className="bo-grow-sm" />
          <Button
            variant="ghost"
            onClick={() => {
              const empty = readFilters(new URLSearchParams());
              setDraft(empty);
              apply(empty);
            }}
          >
            {tc('common.reset')}
          </Button>
          <Button type="submit" variant="primary">
            {tc('common.search')}
          </Button>
        </div>
      </form>
      <PagedTable
        query={list}
        columns={columns}
        rowKey={(r) => r.memberId}
        empty={t('search.empty')}
        page={page}
        onPage={(p) => apply(applied, p)}
      />
    </>
  );
}
