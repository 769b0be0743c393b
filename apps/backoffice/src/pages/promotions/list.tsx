import {
  PROMOTION_ADMIN_STATES,
  PROMOTION_KINDS,
  type PromoCategoryAdmin,
  type PromotionAdmin,
  type PromotionAdminList,
  type PromotionAdminState,
  type PromotionKillAllResult,
  type PromotionKind,
} from '@app/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../api/client';
import { useSession } from '../../auth/session';
import {
  Button,
  ConfirmDialog,
  DataTable,
  DateTime,
  Field,
  Money,
  PageHeader,
  Tabs,
  formatNumber,
  useToast,
  type Column,
} from '../../ui';
import { CategoriesPanel } from './categories';
import { PromotionStateBadge, useLocalText } from './common';

const PAGE_SIZE = 20;
type Tab = 'promotions' | 'categories';

export function PromotionListPage() {
  const { t } = useTranslation('promotions');
  const [params, setParams] = useSearchParams();
  const tab = (params.get('tab') as Tab | null) ?? 'promotions';
  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <Link className="bo-btn bo-btn-primary bo-btn-md" to="/promotions/new" data-testid="promo-new">
            {t('new')}
          </Link>
        }
      />
      <Tabs<Tab>
        tabs={[
          { id: 'promotions', label: t('tabs.promotions') },
          { id: 'categories', label: t('tabs.categories') },
        ]}
        value={tab}
        onChange={(id) => setParams(new URLSearchParams({ tab: id }))}
      />
      {tab === 'promotions' ? <PromotionTable /> : <CategoriesPanel />}
    </>
  );
}

function PromotionTable() {
  const { t } = useTranslation('promotions');
  const { brand } = useSession();
  const text = useLocalText();
  const toast = useToast();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const state = (params.get('state') as PromotionAdminState | null) ?? undefined;
  const kind = (params.get('kind') as PromotionKind | null) ?? undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [killAll, setKillAll] = useState(false);
  const list = useQuery({
    queryKey: ['bo', '/promotions', brand, state, kind, page],
    queryFn: () =>
      api.get<PromotionAdminList>('/promotions', { state, kind, pageNo: page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const categories = useQuery({
    queryKey: ['bo', '/promotion-categories', brand],
    queryFn: () => api.get<PromoCategoryAdmin[]>('/promotion-categories'),
  });
  const categoryName = (id: string) => {
    const c = categories.data?.find((x) => x.id === id);
    return c ? text(c.name) : '—';
  };
  const setFilter = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    next.delete('page');
    setParams(next, { replace: true });
  };

  const columns: Column<PromotionAdmin>[] = [
    {
      key: 'title',
      header: t('col.title'),
      render: (p) => (
        <>
          <Link to={`/promotions/${p.id}`}>{text(p.title) || p.code}</Link>
          <div className="bo-muted bo-mono bo-promo-code">{p.code}</div>
        </>
      ),
    },
    { key: 'kind', header: t('col.kind'), render: (p) => t(`kind.${p.kind}`) },
    { key: 'category', header: t('col.category'), render: (p) => categoryName(p.categoryId) },
    { key: 'state', header: t('col.state'), render: (p) => <PromotionStateBadge state={p.state} /> },
    {
      key: 'schedule',
      header: t('col.schedule'),
      render: (p) => (
        <span className="bo-promo-when">
          <DateTime value={p.startTime} /> – {p.endTime ? <DateTime value={p.endTime} /> : t('noEnd')}
        </span>
      ),
    },
    {
      key: 'budget',
      header: t('col.budget'),
      align: 'right',
      render: (p) => (
        <>
          <Money value={p.budgetUsed} />
          {p.budgetTotal !== null && (
            <span className="bo-muted">
              {' / '}
              <Money value={p.budgetTotal} />
            </span>
          )}
        </>
      ),
    },
    {
      key: 'claims',
      header: t('col.claims'),
      align: 'right',
      render: (p) => (
        <>
          {formatNumber(p.claimsCount)}
          {p.maxClaims !== null && <span className="bo-muted"> / {formatNumber(p.maxClaims)}</span>}
        </>
      ),
    },
    { key: 'members', header: t('col.members'), align: 'right', render: (p) => formatNumber(p.participants) },
    {
      key: 'open',
      header: t('col.actions'),
      render: (p) => (
        <Link className="bo-btn bo-btn-sm" to={`/promotions/${p.id}`}>
          {t('edit')}
        </Link>
      ),
    },
  ];
  const totalPages = Math.max(1, Math.ceil((list.data?.totalCount ?? 0) / PAGE_SIZE));
  return (
    <>
      <div className="bo-card bo-form-row bo-promo-filters">
        <Field label={t('col.state')}>
          <select value={state ?? ''} onChange={(e) => setFilter('state', e.target.value)}>
            <option value="">{t('filter.all')}</option>
            {PROMOTION_ADMIN_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`state.${s}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('col.kind')}>
          <select value={kind ?? ''} onChange={(e) => setFilter('kind', e.target.value)}>
            <option value="">{t('filter.all')}</option>
            {PROMOTION_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`kind.${k}`)}
              </option>
            ))}
          </select>
        </Field>
        <div className="bo-spacer" />
        <div className="bo-promo-killall">
          <span className="bo-muted">{t('killAll.live', { n: list.data?.live ?? 0 })}</span>
          <Button
            variant="danger"
            disabled={!list.data || list.data.live === 0}
            onClick={() => setKillAll(true)}
            data-testid="promo-kill-all"
          >
            {t('killAll.button')}
          </Button>
        </div>
      </div>
      <DataTable<PromotionAdmin>
        dense
        columns={columns}
        rows={list.data?.list}
        rowKey={(p) => p.id}
        loading={list.isFetching && !list.data}
        error={list.error}
        onRetry={() => void list.refetch()}
        empty={t('empty')}
        caption={t('caption')}
        page={page}
        hasMore={page < totalPages}
        onPage={(n) => {
          const next = new URLSearchParams(params);
          next.set('page', String(n));
          setParams(next, { replace: true });
        }}
      />
      <ConfirmDialog
        open={killAll}
        title={t('killAll.title')}
        message={t('killAll.text', { n: list.data?.live ?? 0, brand })}
        requireReason
        danger
        confirmLabel={t('killAll.confirm')}
        onClose={() => setKillAll(false)}
        onConfirm={async (reason) => {
          const r = await api.post<PromotionKillAllResult>('/promotions/kill-all', { reason });
          toast(t('killAll.done', { n: r.stopped }));
          await client.invalidateQueries({ queryKey: ['bo', '/promotions'] });
        }}
      />
    </>
  );
}
