import { LANGUAGES, type Language, type PromoCategoryAdmin, type PromoCategoryInput } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { useSession } from '../../auth/session';
import {
  Badge,
  Button,
  DataTable,
  Dialog,
  Field,
  FormFoot,
  errorText,
  formatNumber,
  useToast,
  type Column,
} from '../../ui';
import { useLocalText } from './common';

/** The brand's promotion categories: the site's tabs on the promotions page. */
export function CategoriesPanel() {
  const { t } = useTranslation('promotions');
  const { brand } = useSession();
  const text = useLocalText();
  const [editing, setEditing] = useState<PromoCategoryAdmin | 'new' | null>(null);
  const list = useQuery({
    queryKey: ['bo', '/promotion-categories', brand],
    queryFn: () => api.get<PromoCategoryAdmin[]>('/promotion-categories'),
  });
  const columns: Column<PromoCategoryAdmin>[] = [
    { key: 'name', header: t('categories.name'), render: (c) => text(c.name) },
    { key: 'code', header: t('field.code'), render: (c) => <span className="bo-mono">{c.code}</span> },
    { key: 'sort', header: t('field.sort'), align: 'right', render: (c) => c.sort },
    {
      key: 'count',
      header: t('categories.promotions'),
      align: 'right',
      render: (c) => formatNumber(c.promotions),
    },
    {
      key: 'active',
      header: t('col.state'),
      render: (c) =>
        c.active ? (
          <Badge tone="success">{t('categories.shown')}</Badge>
        ) : (
          <Badge>{t('categories.hidden')}</Badge>
        ),
    },
    {
      key: 'edit',
      header: t('col.actions'),
      render: (c) => (
        <Button size="sm" onClick={() => setEditing(c)}>
          {t('edit')}
        </Button>
      ),
    },
  ];
  return (
    <>
      <div className="bo-section-head">
        <p className="bo-muted">{t('categories.hint')}</p>
        <Button variant="primary" onClick={() => setEditing('new')}>
          {t('categories.new')}
        </Button>
      </div>
      <DataTable<PromoCategoryAdmin>
        dense
        columns={columns}
        rows={list.data}
        rowKey={(c) => c.id}
        loading={list.isFetching && !list.data}
        error={list.error}
        onRetry={() => void list.refetch()}
        empty={t('categories.empty')}
        caption={t('tabs.categories')}
      />
      <Dialog
        open={editing !== null}
        title={editing === 'new' ? t('categories.new') : t('categories.edit')}
        onClose={() => setEditing(null)}
      >
        {editing !== null && (
          <CategoryForm category={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        )}
      </Dialog>
    </>
  );
}

function CategoryForm({ category, onDone }: { category: PromoCategoryAdmin | null; onDone(): void }) {
  const { t } = useTranslation('promotions');
  const toast = useToast();
  const client = useQueryClient();
  const [code, setCode] = useState(category?.code ?? '');
  const [name, setName] = useState<Partial<Record<Language, string>>>(category?.name ?? {});
  const [sort, setSort] = useState(String(category?.sort ?? 0));
  const [active, setActive] = useState(category?.active ?? true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (!/^[A-Za-z0-9][A-Za-z0-9_-]{1,39}$/.test(code.trim())) return setError(t('error.code'));
    if (!Object.values(name).some((v) => v?.trim())) return setError(t('error.title'));
    setBusy(true);
    try {
      const body: PromoCategoryInput = { code: code.trim(), name, sort: Number(sort) || 0, active };
      if (category) await api.put(`/promotion-categories/${category.id}`, body);
      else await api.post('/promotion-categories', body);
      toast(t('saved'));
      await client.invalidateQueries({ queryKey: ['bo', '/promotion-categories'] });
      onDone();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <div className="bo-promo-grid">
        <Field label={t('field.code')} hint={t('hint.code')}>
          <input value={code} onChange={(e) => setCode(e.target.value)} maxLength={40} />
        </Field>
        <Field label={t('field.sort')}>
          <input type="number" min={0} max={9999} value={sort} onChange={(e) => setSort(e.target.value)} />
        </Field>
      </div>
      <div className="bo-promo-grid">
        {LANGUAGES.map((l) => (
          <Field key={l} label={`${t('categories.name')} (${l})`}>
            <input
              value={name[l] ?? ''}
              maxLength={60}
              onChange={(e) => setName({ ...name, [l]: e.target.value })}
            />
          </Field>
        ))}
      </div>
      <label className="bo-check">
        <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} />{' '}
        {t('categories.active')}
      </label>
      <FormFoot error={error} onCancel={onDone} submitLabel={t('save')} busy={busy} />
    </form>
  );
}
