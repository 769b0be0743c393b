import { POINT_REWARD_KINDS, REWARDS_ADMIN_LIMITS, type AdminMallItem } from '@app/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import {
  Badge,
  Button,
  ConfirmDialog,
  DataTable,
  Dialog,
  Field,
  FormFoot,
  Money,
  errorText,
  formatNumber,
  useToast,
  type Column,
} from '../../ui';
import {
  LangTexts,
  fromTexts,
  isInt,
  isMoney,
  num,
  shownText,
  toTexts,
  useBrandQuery,
  useRefresh,
  type Texts,
} from './common';

type Kind = (typeof POINT_REWARD_KINDS)[number];

interface Draft {
  code: string;
  kind: Kind;
  name: Texts;
  description: Texts;
  imagePath: string;
  imageUrl: string;
  cost: string;
  bonusAmount: string;
  turnoverMultiple: string;
  sort: string;
  active: boolean;
  /** Only when creating: the starting stock (empty: unlimited). */
  stock: string;
}

const toDraft = (i: AdminMallItem | null): Draft => ({
  code: i?.code ?? '',
  kind: i?.kind ?? 'ITEM',
  name: toTexts(i?.name),
  description: toTexts(i?.description),
  imagePath: i?.imagePath ?? '',
  imageUrl: i?.imageUrl ?? '',
  cost: i ? String(i.cost) : '',
  bonusAmount: i?.bonusAmount == null ? '' : String(i.bonusAmount),
  turnoverMultiple: i ? String(i.turnoverMultiple) : '0',
  sort: i ? String(i.sort) : '0',
  active: i?.active ?? true,
  stock: '',
});

/** The points-mall catalogue: items, prices, stock, images, shown or hidden. */
export function MallTab() {
  const { t, i18n } = useTranslation('rewards');
  const list = useBrandQuery<{ list: AdminMallItem[] }>('/rewards/mall');
  const [editing, setEditing] = useState<AdminMallItem | 'new' | null>(null);
  const [stocking, setStocking] = useState<AdminMallItem | null>(null);
  const [toggling, setToggling] = useState<AdminMallItem | null>(null);
  const refresh = useRefresh();
  const toast = useToast();
  const columns: Column<AdminMallItem>[] = [
    {
      key: 'image',
      header: '',
      width: '3.5rem',
      render: (i) => <img className="bo-rw-thumb" src={i.imageUrl} alt="" loading="lazy" />,
    },
    {
      key: 'name',
      header: t('mall.name'),
      render: (i) => (
        <>
          {shownText(i.name, i18n.language)}
          <br />
          <code className="bo-muted">{i.code}</code>
        </>
      ),
    },
    { key: 'kind', header: t('mall.kind'), render: (i) => t(`mall.kinds.${i.kind}`) },
    { key: 'cost', header: t('mall.cost'), align: 'right', render: (i) => formatNumber(i.cost) },
    {
      key: 'bonus',
      header: t('mall.bonusAmount'),
      align: 'right',
      render: (i) => (i.bonusAmount === null ? '—' : <Money value={i.bonusAmount} />),
    },
    {
      key: 'stock',
      header: t('mall.stock'),
      align: 'right',
      render: (i) =>
        i.stock === null ? (
          t('mall.unlimited')
        ) : (
          <Badge tone={i.stock === 0 ? 'danger' : i.stock < 5 ? 'warning' : 'neutral'}>
            {formatNumber(i.stock)}
          </Badge>
        ),
    },
    { key: 'inProcess', header: t('mall.inProcess'), align: 'right', render: (i) => i.inProcess },
    {
      key: 'state',
      header: t('state'),
      render: (i) => (
        <Badge tone={i.active ? 'success' : 'neutral'}>{t(i.active ? 'active' : 'inactive')}</Badge>
      ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      render: (i) => (
        <span className="bo-row-actions">
          <Button size="sm" onClick={() => setEditing(i)} data-testid={`mall-edit-${i.code}`}>
            {t('edit')}
          </Button>
          <Button size="sm" onClick={() => setStocking(i)} data-testid={`mall-stock-${i.code}`}>
            {t('mall.stock')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setToggling(i)}>
            {t(i.active ? 'disable' : 'enable')}
          </Button>
        </span>
      ),
    },
  ];
  return (
    <>
      <div className="bo-rw-toolbar">
        <p className="bo-muted">{t('mall.intro')}</p>
        <Button variant="primary" onClick={() => setEditing('new')} data-testid="mall-new">
          {t('mall.new')}
        </Button>
      </div>
      <DataTable
        columns={columns}
        rows={list.data?.list}
        rowKey={(i) => i.id}
        loading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        empty={t('mall.none')}
        dense
      />
      {editing !== null && (
        <ItemDialog
          item={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            toast(t('saved'));
            await refresh();
          }}
        />
      )}
      {stocking && (
        <StockDialog
          item={stocking}
          onClose={() => setStocking(null)}
          onSaved={async () => {
            setStocking(null);
            toast(t('saved'));
            await refresh();
          }}
        />
      )}
      <ConfirmDialog
        open={toggling !== null}
        title={
          toggling
            ? t(toggling.active ? 'mall.disableTitle' : 'mall.enableTitle', {
                name: shownText(toggling.name, i18n.language),
              })
            : ''
        }
        message={t('mall.toggleText')}
        onClose={() => setToggling(null)}
        onConfirm={async () => {
          if (!toggling) return;
          await api.post(`/rewards/mall/${toggling.id}/active`, { active: !toggling.active });
          toast(t('saved'));
          await refresh();
        }}
      />
    </>
  );
}

function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read'));
    reader.readAsDataURL(file);
  });
}

function ItemDialog({
  item,
  onClose,
  onSaved,
}: {
  item: AdminMallItem | null;
  onClose(): void;
  onSaved(): Promise<void>;
}) {
  const { t } = useTranslation('rewards');
  const [d, setD] = useState<Draft>(() => toDraft(item));
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const errors = {
    code: /^[A-Za-z0-9_-]{2,40}$/.test(d.code.trim()) ? null : t('missions.codeInvalid'),
    name: Object.keys(fromTexts(d.name)).length > 0 ? null : t('textRequired'),
    image: d.imagePath ? null : t('mall.imageRequired'),
    cost: isInt(num(d.cost), 1, REWARDS_ADMIN_LIMITS.maxPoints)
      ? null
      : t('range', { min: 1, max: REWARDS_ADMIN_LIMITS.maxPoints }),
    bonusAmount: d.kind === 'BONUS' ? (isMoney(num(d.bonusAmount), true) ? null : t('invalidMoney')) : null,
    turnoverMultiple: isInt(num(d.turnoverMultiple), 0, 100) ? null : t('range', { min: 0, max: 100 }),
    sort: isInt(num(d.sort), 0, 9999) ? null : t('range', { min: 0, max: 9999 }),
    stock:
      item || d.stock.trim() === '' || isInt(num(d.stock), 0, REWARDS_ADMIN_LIMITS.maxStock)
        ? null
        : t('range', { min: 0, max: REWARDS_ADMIN_LIMITS.maxStock }),
  };
  const invalid = Object.values(errors).some((e) => e !== null);
  const show = (e: string | null) => (touched ? (e ?? undefined) : undefined);

  async function upload(file: File | undefined) {
    if (!file) return;
    setImageError(null);
    if (!['image/png', 'image/jpeg'].includes(file.type)) return setImageError(t('mall.imageType'));
    if (file.size > REWARDS_ADMIN_LIMITS.maxImageBytes)
      return setImageError(t('mall.imageSize', { kb: REWARDS_ADMIN_LIMITS.maxImageBytes / 1024 }));
    setUploading(true);
    try {
      const up = await api.post<{ imagePath: string; imageUrl: string }>('/rewards/images', {
        data: await readBase64(file),
      });
      setD((cur) => ({ ...cur, imagePath: up.imagePath, imageUrl: up.imageUrl }));
    } catch (err) {
      setImageError(errorText(err));
    } finally {
      setUploading(false);
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (invalid) return;
    setBusy(true);
    setError(null);
    const body = {
      code: d.code.trim(),
      kind: d.kind,
      name: fromTexts(d.name),
      description: fromTexts(d.description),
      imagePath: d.imagePath,
      cost: num(d.cost),
      bonusAmount: d.kind === 'BONUS' ? num(d.bonusAmount) : null,
      turnoverMultiple: num(d.turnoverMultiple),
      sort: num(d.sort),
      active: d.active,
    };
    try {
      if (item) await api.put(`/rewards/mall/${item.id}`, body);
      else await api.post('/rewards/mall', { ...body, stock: d.stock.trim() === '' ? null : num(d.stock) });
      await onSaved();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      wide
      title={item ? t('mall.editTitle', { code: item.code }) : t('mall.new')}
      onClose={onClose}
    >
      <form onSubmit={(e) => void submit(e)} noValidate data-testid="mall-form">
        {item && item.inProcess > 0 && (
          <p className="bo-notice">{t('mall.inProcessNote', { count: item.inProcess })}</p>
        )}
        <div className="bo-rw-form">
          <Field label={t('missions.code')} error={show(errors.code)}>
            <input name="code" value={d.code} onChange={(e) => setD({ ...d, code: e.target.value })} />
          </Field>
          <Field label={t('mall.kind')}>
            <select
              value={d.kind}
              disabled={item !== null}
              onChange={(e) => setD({ ...d, kind: e.target.value as Kind })}
            >
              {POINT_REWARD_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`mall.kinds.${k}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('mall.cost')} error={show(errors.cost)}>
            <input
              name="cost"
              inputMode="numeric"
              value={d.cost}
              onChange={(e) => setD({ ...d, cost: e.target.value })}
            />
          </Field>
          {d.kind === 'BONUS' && (
            <Field label={t('mall.bonusAmount')} error={show(errors.bonusAmount)}>
              <input
                inputMode="decimal"
                value={d.bonusAmount}
                onChange={(e) => setD({ ...d, bonusAmount: e.target.value })}
              />
            </Field>
          )}
          <Field label={t('missions.multiple')} error={show(errors.turnoverMultiple)}>
            <input
              inputMode="numeric"
              value={d.turnoverMultiple}
              onChange={(e) => setD({ ...d, turnoverMultiple: e.target.value })}
            />
          </Field>
          <Field label={t('sort')} error={show(errors.sort)}>
            <input
              inputMode="numeric"
              value={d.sort}
              onChange={(e) => setD({ ...d, sort: e.target.value })}
            />
          </Field>
          {!item && (
            <Field label={t('mall.startStock')} hint={t('mall.startStockHint')} error={show(errors.stock)}>
              <input
                name="stock"
                inputMode="numeric"
                value={d.stock}
                onChange={(e) => setD({ ...d, stock: e.target.value })}
              />
            </Field>
          )}
          <Field label={t('mall.image')} hint={t('mall.imageHint')} error={imageError ?? show(errors.image)}>
            <input
              type="file"
              accept="image/png,image/jpeg"
              onChange={(e) => void upload(e.target.files?.[0])}
              disabled={uploading}
            />
          </Field>
          {d.imageUrl && <img className="bo-rw-thumb" src={d.imageUrl} alt={t('mall.image')} />}
          <LangTexts
            label={t('mall.name')}
            value={d.name}
            onChange={(name) => setD({ ...d, name })}
            error={touched ? errors.name : null}
            testId="mall-name"
          />
          <LangTexts
            label={t('description')}
            value={d.description}
            onChange={(description) => setD({ ...d, description })}
            multiline
          />
        </div>
        <FormFoot error={error} onCancel={onClose} submitLabel={t('save')} busy={busy || uploading} />
      </form>
    </Dialog>
  );
}

type StockMode = 'add' | 'remove' | 'limited' | 'unlimited';

function StockDialog({
  item,
  onClose,
  onSaved,
}: {
  item: AdminMallItem;
  onClose(): void;
  onSaved(): Promise<void>;
}) {
  const { t } = useTranslation('rewards');
  const [mode, setMode] = useState<StockMode>(item.stock === null ? 'limited' : 'add');
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const n = num(amount);
  const valid =
    mode === 'unlimited' ||
    (mode === 'limited'
      ? isInt(n, 0, REWARDS_ADMIN_LIMITS.maxStock)
      : isInt(n, 1, REWARDS_ADMIN_LIMITS.maxStock) && (mode === 'add' || n <= (item.stock ?? 0)));
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!valid)
      return setError(
        mode === 'remove' ? t('mall.removeTooMany', { left: item.stock ?? 0 }) : t('invalidCount'),
      );
    setBusy(true);
    setError(null);
    const body =
      mode === 'unlimited'
        ? { unlimited: true }
        : mode === 'limited'
          ? { limitedTo: n }
          : { change: mode === 'add' ? n : -n };
    try {
      await api.post(`/rewards/mall/${item.id}/stock`, body);
      await onSaved();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }
  const modes: StockMode[] = item.stock === null ? ['limited'] : ['add', 'remove', 'limited', 'unlimited'];
  return (
    <Dialog open title={t('mall.stockTitle', { code: item.code })} onClose={onClose}>
      <form onSubmit={(e) => void submit(e)} noValidate data-testid="mall-stock-form">
        <p>
          {t('mall.stockNow', {
            stock: item.stock === null ? t('mall.unlimited') : formatNumber(item.stock),
          })}
        </p>
        <p className="bo-muted">{t('mall.stockHint')}</p>
        <div className="bo-rw-form">
          <Field label={t('mall.stockChange')}>
            <select name="mode" value={mode} onChange={(e) => setMode(e.target.value as StockMode)}>
              {modes.map((m) => (
                <option key={m} value={m}>
                  {t(`mall.modes.${m}`)}
                </option>
              ))}
            </select>
          </Field>
          {mode !== 'unlimited' && (
            <Field label={t('mall.quantity')}>
              <input
                name="quantity"
                inputMode="numeric"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
              />
            </Field>
          )}
        </div>
        <FormFoot error={error} onCancel={onClose} submitLabel={t('save')} busy={busy} />
      </form>
    </Dialog>
  );
}
