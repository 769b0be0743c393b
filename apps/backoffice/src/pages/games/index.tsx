import {
  GAME_ICON_LIMITS,
  GAME_ICON_SLOTS,
  GAME_TYPES,
  LANGUAGES,
  type AdminCategory,
  type AdminGame,
  type AdminGamePage,
  type AdminGamePatch,
  type AdminHouseGame,
  type AdminVendor,
  type AdminVendorPatch,
  type GameIconSlot,
  type GameType,
  type Language,
} from '@app/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api } from '../../api/client';
import { RequirePermission, useSession } from '../../auth/session';
import {
  Badge,
  Button,
  ConfirmDialog,
  DataTable,
  Dialog,
  Field,
  FormFoot,
  PageHeader,
  Tabs,
  errorText,
  formatNumber,
  useToast,
  type Column,
} from '../../ui';
import { AddHouseGames } from './add-house-games';
import { RoomHoursDialog } from './room-hours';
import './games.css';

const TABS = ['categories', 'vendors', 'games', 'house'] as const;
type Tab = (typeof TABS)[number];
const PAGE_SIZE = 50;

export default function GamesPage() {
  return (
    <RequirePermission permission="games.manage">
      <Catalogue />
    </RequirePermission>
  );
}

function Catalogue() {
  const { t } = useTranslation('games');
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(raw ?? '') ? (raw as Tab) : 'categories';
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <AddHouseGames />
      <Tabs<Tab>
        tabs={TABS.map((id) => ({ id, label: t(`tab.${id}`) }))}
        value={tab}
        onChange={(id) => setParams({ tab: id }, { replace: true })}
      />
      {tab === 'categories' && <Categories />}
      {tab === 'vendors' && <Vendors />}
      {tab === 'games' && <Games />}
      {tab === 'house' && <HouseGames />}
    </>
  );
}

/** Every query of this page, so a change refreshes all of them (counts move with each switch). */
const catalogueKey = (brand: string | null) => ['bo', 'games', brand] as const;

function useRefresh() {
  const qc = useQueryClient();
  const { brand } = useSession();
  return () => qc.invalidateQueries({ queryKey: catalogueKey(brand) });
}

function OnOff({ on }: { on: boolean }) {
  const { t } = useTranslation('games');
  return <Badge tone={on ? 'success' : 'neutral'}>{on ? t('state.on') : t('state.off')}</Badge>;
}

// ---- categories ----------------------------------------------------------------------------------

function Categories() {
  const { t } = useTranslation('games');
  const { brand } = useSession();
  const toast = useToast();
  const refresh = useRefresh();
  const [switching, setSwitching] = useState<{ c: AdminCategory; enabled: boolean } | null>(null);
  const q = useQuery({
    queryKey: [...catalogueKey(brand), 'categories'],
    queryFn: () => api.get<AdminCategory[]>('/games/categories'),
  });
  const columns: Column<AdminCategory>[] = [
    { key: 'type', header: t('col.category'), render: (c) => <strong>{t(`type.${c.gameType}`)}</strong> },
    { key: 'state', header: t('col.state'), render: (c) => <OnOff on={c.enabledVendors > 0} /> },
    {
      key: 'vendors',
      header: t('col.vendorsOn'),
      align: 'right',
      render: (c) => `${formatNumber(c.enabledVendors)} / ${formatNumber(c.vendors)}`,
    },
    {
      key: 'games',
      header: t('col.gamesOn'),
      align: 'right',
      render: (c) => `${formatNumber(c.enabledGames)} / ${formatNumber(c.games)}`,
    },
    {
      key: 'act',
      header: t('col.actions'),
      render: (c) =>
        c.enabledVendors > 0 ? (
          <Button size="sm" variant="danger" onClick={() => setSwitching({ c, enabled: false })}>
            {t('category.off')}
          </Button>
        ) : (
          <Button size="sm" variant="primary" onClick={() => setSwitching({ c, enabled: true })}>
            {t('category.on')}
          </Button>
        ),
    },
  ];
  return (
    <>
      <p className="bo-muted">{t('category.help')}</p>
      <DataTable<AdminCategory>
        dense
        columns={columns}
        rows={q.data}
        rowKey={(c) => c.gameType}
        loading={q.isFetching}
        error={q.error}
        onRetry={() => void q.refetch()}
        empty={t('empty.categories')}
        caption={t('tab.categories')}
      />
      <ConfirmDialog
        open={switching !== null}
        title={
          switching &&
          t(switching.enabled ? 'category.confirmOnTitle' : 'category.confirmOffTitle', {
            name: t(`type.${switching.c.gameType}`),
          })
        }
        message={switching && t(switching.enabled ? 'category.confirmOn' : 'category.confirmOff')}
        danger={switching?.enabled === false}
        confirmLabel={switching && t(switching.enabled ? 'category.on' : 'category.off')}
        onClose={() => setSwitching(null)}
        onConfirm={async () => {
          if (!switching) return;
          await api.post(`/game-types/${switching.c.gameType}`, { enabled: switching.enabled });
          toast(
            t(switching.enabled ? 'category.doneOn' : 'category.doneOff', {
              name: t(`type.${switching.c.gameType}`),
            }),
          );
          await refresh();
        }}
      />
    </>
  );
}

// ---- vendors ---------------------------------------------------------------------------------------

function Vendors() {
  const { t } = useTranslation('games');
  const { brand } = useSession();
  const toast = useToast();
  const refresh = useRefresh();
  const [type, setType] = useState<GameType | ''>('');
  const [editing, setEditing] = useState<AdminVendor | null>(null);
  const [switching, setSwitching] = useState<AdminVendor | null>(null);
  const q = useQuery({
    queryKey: [...catalogueKey(brand), 'vendors'],
    queryFn: () => api.get<AdminVendor[]>('/games/vendors'),
  });
  const rows = q.data?.filter((v) => !type || v.gameType === type);
  const save = async (v: AdminVendor, patch: AdminVendorPatch) => {
    await api.put(`/games/vendors/${v.gameType}/${encodeURIComponent(v.code)}`, patch);
    await refresh();
  };
  const columns: Column<AdminVendor>[] = [
    {
      key: 'name',
      header: t('col.vendor'),
      render: (v) => (
        <>
          <strong>{v.displayName}</strong> <span className="bo-muted bo-mono">{v.code}</span>
        </>
      ),
    },
    { key: 'type', header: t('col.category'), render: (v) => t(`type.${v.gameType}`) },
    { key: 'adapter', header: t('col.adapter'), render: (v) => <span className="bo-mono">{v.adapter}</span> },
    {
      key: 'games',
      header: t('col.gamesOn'),
      align: 'right',
      render: (v) => `${formatNumber(v.enabledGames)} / ${formatNumber(v.games)}`,
    },
    { key: 'sort', header: t('col.order'), align: 'right', render: (v) => v.sort },
    {
      key: 'hot',
      header: t('col.hot'),
      render: (v) => (v.hot ? <Badge tone="warning">{t('hot')}</Badge> : '—'),
    },
    { key: 'state', header: t('col.state'), render: (v) => <OnOff on={v.enabled} /> },
    {
      key: 'act',
      header: t('col.actions'),
      render: (v) => (
        <span className="bo-row-actions">
          <Button size="sm" onClick={() => setEditing(v)}>
            {t('edit')}
          </Button>
          <Button size="sm" variant={v.enabled ? 'danger' : 'primary'} onClick={() => setSwitching(v)}>
            {v.enabled ? t('switchOff') : t('switchOn')}
          </Button>
        </span>
      ),
    },
  ];
  return (
    <>
      <div className="bo-card bo-form-row">
        <Field label={t('col.category')}>
          <select value={type} onChange={(e) => setType(e.target.value as GameType | '')}>
            <option value="">{t('filter.all')}</option>
            {GAME_TYPES.map((g) => (
              <option key={g} value={g}>
                {t(`type.${g}`)}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <DataTable<AdminVendor>
        dense
        columns={columns}
        rows={rows}
        rowKey={(v) => `${v.gameType}/${v.code}`}
        loading={q.isFetching}
        error={q.error}
        onRetry={() => void q.refetch()}
        empty={t('empty.vendors')}
        caption={t('tab.vendors')}
      />
      {editing && (
        <VendorEditor
          vendor={editing}
          onClose={() => setEditing(null)}
          onSave={async (patch) => {
            await save(editing, patch);
            toast(t('saved'));
            setEditing(null);
          }}
        />
      )}
      <ConfirmDialog
        open={switching !== null}
        title={
          switching &&
          t(switching.enabled ? 'vendor.confirmOffTitle' : 'vendor.confirmOnTitle', {
            name: switching.displayName,
          })
        }
        message={switching && t(switching.enabled ? 'vendor.confirmOff' : 'vendor.confirmOn')}
        danger={switching?.enabled === true}
        confirmLabel={switching && (switching.enabled ? t('switchOff') : t('switchOn'))}
        onClose={() => setSwitching(null)}
        onConfirm={async () => {
          if (!switching) return;
          await save(switching, { enabled: !switching.enabled });
          toast(t('saved'));
        }}
      />
    </>
  );
}

function VendorEditor({
  vendor,
  onClose,
  onSave,
}: {
  vendor: AdminVendor;
  onClose(): void;
  onSave(patch: AdminVendorPatch): Promise<void>;
}) {
  const { t } = useTranslation('games');
  const [name, setName] = useState(vendor.displayName);
  const [sort, setSort] = useState(String(vendor.sort));
  const [hot, setHot] = useState(vendor.hot);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sortInvalid = !/^\d{1,5}$/.test(sort.trim());
  const nameInvalid = name.trim() === '' || name.trim().length > 80;
  return (
    <Dialog open title={t('vendor.editTitle', { name: vendor.displayName })} onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (sortInvalid || nameInvalid) return;
          setBusy(true);
          setError(null);
          onSave({ displayName: name.trim(), sort: Number(sort), hot })
            .catch((err: unknown) => setError(errorText(err)))
            .finally(() => setBusy(false));
        }}
      >
        <Field label={t('col.name')} error={nameInvalid ? t('invalid.name') : undefined}>
          <input value={name} maxLength={80} onChange={(e) => setName(e.target.value)} />
        </Field>
        <Field
          label={t('col.order')}
          hint={t('orderHint')}
          error={sortInvalid ? t('invalid.order') : undefined}
        >
          <input inputMode="numeric" value={sort} onChange={(e) => setSort(e.target.value)} />
        </Field>
        <label className="bo-check">
          <input type="checkbox" checked={hot} onChange={(e) => setHot(e.target.checked)} /> {t('hotFlag')}
        </label>
        <FormFoot error={error} onCancel={onClose} submitLabel={t('save')} busy={busy} />
      </form>
    </Dialog>
  );
}

// ---- games -----------------------------------------------------------------------------------------

interface GameFilter {
  q: string;
  gameType: GameType | '';
  vendor: string;
  state: '' | 'true' | 'false';
  isNew: '' | 'true' | 'false';
}

function Games() {
  const { t } = useTranslation('games');
  const { brand } = useSession();
  const toast = useToast();
  const refresh = useRefresh();
  const [filter, setFilter] = useState<GameFilter>({ q: '', gameType: '', vendor: '', state: '', isNew: '' });
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [editing, setEditing] = useState<AdminGame | null>(null);
  const [iconsOf, setIconsOf] = useState<AdminGame | null>(null);
  const [bulk, setBulk] = useState<BulkChange | null>(null);
  const vendors = useQuery({
    queryKey: [...catalogueKey(brand), 'vendors'],
    queryFn: () => api.get<AdminVendor[]>('/games/vendors'),
  });
  const q = useQuery({
    queryKey: [...catalogueKey(brand), 'list', filter, page],
    queryFn: () =>
      api.get<AdminGamePage>('/games', {
        q: filter.q || undefined,
        gameType: filter.gameType || undefined,
        vendor: filter.vendor || undefined,
        enabled: filter.state || undefined,
        isNew: filter.isNew || undefined,
        pageNo: page,
        pageSize: PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
  });
  const change = (next: Partial<GameFilter>) => {
    setFilter((f) => ({ ...f, ...next }));
    setPage(1);
    setSelected(new Set());
  };
  const vendorCodes = [
    ...new Set(
      (vendors.data ?? [])
        .filter((v) => !filter.gameType || v.gameType === filter.gameType)
        .map((v) => v.code),
    ),
  ].sort();
  const rows = q.data?.list;
  const allOnPage = rows !== undefined && rows.length > 0 && rows.every((g) => selected.has(g.nodeId));
  const toggle = (id: string) =>
    setSelected((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  const columns: Column<AdminGame>[] = [
    {
      key: 'pick',
      header: (
        <input
          type="checkbox"
          aria-label={t('selectPage')}
          checked={allOnPage}
          onChange={() =>
            setSelected((s) => {
              const n = new Set(s);
              for (const g of rows ?? []) {
                if (allOnPage) n.delete(g.nodeId);
                else n.add(g.nodeId);
              }
              return n;
            })
          }
        />
      ),
      width: '2rem',
      render: (g) => (
        <input
          type="checkbox"
          aria-label={t('select', { name: g.displayName })}
          checked={selected.has(g.nodeId)}
          onChange={() => toggle(g.nodeId)}
        />
      ),
    },
    {
      key: 'name',
      header: t('col.game'),
      render: (g) => (
        <span className="bo-game-name">
          <img src={g.iconUrl} alt="" loading="lazy" width={28} height={28} />
          <span>
            <strong>{g.displayName}</strong>
            <br />
            <span className="bo-muted bo-mono">{g.gameCode}</span>
          </span>
        </span>
      ),
    },
    { key: 'vendor', header: t('col.vendor'), render: (g) => g.vendorName },
    { key: 'type', header: t('col.category'), render: (g) => t(`type.${g.gameType}`) },
    { key: 'min', header: t('col.minBet'), align: 'right', render: (g) => formatNumber(g.minBet) },
    { key: 'sort', header: t('col.order'), align: 'right', render: (g) => g.sort },
    {
      key: 'hot',
      header: t('col.hot'),
      render: (g) => (g.hot ? <Badge tone="warning">{t('hot')}</Badge> : '—'),
    },
    {
      key: 'new',
      header: t('col.new'),
      render: (g) => (g.isNew ? <Badge tone="info">{t('new')}</Badge> : '—'),
    },
    {
      key: 'state',
      header: t('col.state'),
      render: (g) => (
        <>
          <OnOff on={g.enabled} />
          {g.enabled && !g.vendorEnabled && (
            <>
              {' '}
              <Badge tone="info">{t('vendorOff')}</Badge>
            </>
          )}
        </>
      ),
    },
    {
      key: 'act',
      header: t('col.actions'),
      render: (g) => (
        <span className="bo-row-actions">
          <Button size="sm" onClick={() => setEditing(g)}>
            {t('edit')}
          </Button>
          <Button size="sm" onClick={() => setIconsOf(g)}>
            {t('icons.open')}
          </Button>
        </span>
      ),
    },
  ];
  const total = q.data?.total ?? 0;
  return (
    <>
      <form
        className="bo-card bo-form-row"
        onSubmit={(e) => {
          e.preventDefault();
          change({ q: search.trim() });
        }}
      >
        <Field label={t('filter.search')}>
          <input
            type="search"
            value={search}
            placeholder={t('filter.searchHint')}
            onChange={(e) => setSearch(e.target.value)}
          />
        </Field>
        <Field label={t('col.category')}>
          <select
            value={filter.gameType}
            onChange={(e) => change({ gameType: e.target.value as GameType | '', vendor: '' })}
          >
            <option value="">{t('filter.all')}</option>
            {GAME_TYPES.map((g) => (
              <option key={g} value={g}>
                {t(`type.${g}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('col.vendor')}>
          <select value={filter.vendor} onChange={(e) => change({ vendor: e.target.value })}>
            <option value="">{t('filter.all')}</option>
            {vendorCodes.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('col.state')}>
          <select
            value={filter.state}
            onChange={(e) => change({ state: e.target.value as GameFilter['state'] })}
          >
            <option value="">{t('filter.all')}</option>
            <option value="true">{t('state.on')}</option>
            <option value="false">{t('state.off')}</option>
          </select>
        </Field>
        <Field label={t('col.new')}>
          <select
            value={filter.isNew}
            onChange={(e) => change({ isNew: e.target.value as GameFilter['isNew'] })}
          >
            <option value="">{t('filter.all')}</option>
            <option value="true">{t('filter.newOnly')}</option>
            <option value="false">{t('filter.notNew')}</option>
          </select>
        </Field>
        <Button type="submit" variant="primary">
          {t('filter.apply')}
        </Button>
      </form>
      <div className="bo-games-bar">
        <span className="bo-muted">
          {t('found', { n: formatNumber(total) })}
          {selected.size > 0 && ` · ${t('selected', { n: formatNumber(selected.size) })}`}
        </span>
        <span className="bo-row-actions">
          <Button size="sm" disabled={selected.size === 0} onClick={() => setBulk({ enabled: true })}>
            {t('bulk.on')}
          </Button>
          <Button
            size="sm"
            variant="danger"
            disabled={selected.size === 0}
            onClick={() => setBulk({ enabled: false })}
          >
            {t('bulk.off')}
          </Button>
          <Button size="sm" disabled={selected.size === 0} onClick={() => setBulk({ isNew: true })}>
            {t('bulk.newOn')}
          </Button>
          <Button size="sm" disabled={selected.size === 0} onClick={() => setBulk({ isNew: false })}>
            {t('bulk.newOff')}
          </Button>
          {selected.size > 0 && (
            <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
              {t('bulk.clear')}
            </Button>
          )}
        </span>
      </div>
      <DataTable<AdminGame>
        dense
        columns={columns}
        rows={rows}
        rowKey={(g) => g.nodeId}
        loading={q.isFetching}
        error={q.error}
        onRetry={() => void q.refetch()}
        empty={t('empty.games')}
        caption={t('tab.games')}
        page={page}
        hasMore={page * PAGE_SIZE < total}
        onPage={setPage}
      />
      {editing && (
        <GameEditor
          game={editing}
          onClose={() => setEditing(null)}
          onSave={async (patch) => {
            await api.put(`/games/${editing.nodeId}`, patch);
            toast(t('saved'));
            setEditing(null);
            await refresh();
          }}
        />
      )}
      {iconsOf && (
        <IconEditor
          game={iconsOf}
          onClose={() => setIconsOf(null)}
          onChanged={async (g) => {
            setIconsOf(g);
            await refresh();
          }}
        />
      )}
      <ConfirmDialog
        open={bulk !== null}
        title={t(`bulk.${bulkKey(bulk)}Title`, { n: formatNumber(selected.size) })}
        message={t(`bulk.${bulkKey(bulk)}`)}
        danger={bulk?.enabled === false}
        confirmLabel={t(`bulk.${bulkLabel(bulk)}`)}
        onClose={() => setBulk(null)}
        onConfirm={async () => {
          const r = await api.post<{ changed: number }>('/games/bulk', {
            nodeIds: [...selected],
            ...bulk,
          });
          toast(t('bulk.done', { n: formatNumber(r.changed) }));
          setSelected(new Set());
          await refresh();
        }}
      />
    </>
  );
}

/** One bulk change: the switch or the "new" flag of the selected games. */
type BulkChange = { enabled: boolean; isNew?: undefined } | { isNew: boolean; enabled?: undefined };
const bulkKey = (b: BulkChange | null) =>
  b?.isNew !== undefined
    ? b.isNew
      ? 'confirmNewOn'
      : 'confirmNewOff'
    : b?.enabled
      ? 'confirmOn'
      : 'confirmOff';
const bulkLabel = (b: BulkChange | null) =>
  b?.isNew !== undefined ? (b.isNew ? 'newOn' : 'newOff') : b?.enabled ? 'on' : 'off';

/** The file as base64 (what the upload takes), without the data URL's prefix. */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** Pixel size of an image file, read by the browser (null when it cannot decode it). */
function pixelsOf(url: string): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const img = new Image();
    img.onload = () => resolve({ width: img.naturalWidth, height: img.naturalHeight });
    img.onerror = () => resolve(null);
    img.src = url;
  });
}

interface PendingIcon {
  slot: GameIconSlot;
  file: File;
  preview: string;
}

/**
 * A game's icons: the default and one per language, each uploaded (checked here for a quick
 * answer, and by the server from its bytes) or removed, after a confirmation, since players see
 * it within seconds.
 */
function IconEditor({
  game,
  onClose,
  onChanged,
}: {
  game: AdminGame;
  onClose(): void;
  onChanged(g: AdminGame): Promise<void>;
}) {
  const { t } = useTranslation('games');
  const toast = useToast();
  const [pending, setPending] = useState<PendingIcon | null>(null);
  const [removing, setRemoving] = useState<GameIconSlot | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { minPixels, maxPixels, maxBytes } = GAME_ICON_LIMITS;
  const label = (slot: GameIconSlot) => (slot === 'default' ? t('icons.default') : t(`lang.${slot}`));
  const shown = (slot: GameIconSlot) =>
    game.icons[slot] ?? (slot === 'default' ? game.iconUrl : (game.icons.default ?? game.iconUrl));

  const pick = async (slot: GameIconSlot, file: File | undefined) => {
    setError(null);
    if (!file) return;
    if (!(GAME_ICON_LIMITS.types as readonly string[]).includes(file.type)) {
      setError(t('icons.badType'));
      return;
    }
    if (file.size > maxBytes) {
      setError(t('icons.tooLarge', { kb: maxBytes / 1024 }));
      return;
    }
    const preview = URL.createObjectURL(file);
    const px = await pixelsOf(preview);
    if (!px || px.width !== px.height || px.width < minPixels || px.width > maxPixels) {
      URL.revokeObjectURL(preview);
      setError(t('icons.badSize', { min: minPixels, max: maxPixels }));
      return;
    }
    setPending({ slot, file, preview });
  };

  return (
    <Dialog open wide title={t('icons.title', { name: game.displayName })} onClose={onClose}>
      <p className="bo-muted">{t('icons.help', { min: minPixels, max: maxPixels, kb: maxBytes / 1024 })}</p>
      {error && (
        <p className="bo-form-error" role="alert">
          {error}
        </p>
      )}
      <ul className="bo-icon-grid">
        {GAME_ICON_SLOTS.map((slot) => {
          const own = game.icons[slot] !== undefined;
          return (
            <li key={slot} className="bo-icon-slot" data-slot={slot}>
              <img
                src={shown(slot)}
                alt=""
                width={64}
                height={64}
                className={own ? '' : 'bo-icon-fallback'}
              />
              <span>
                <strong>{label(slot)}</strong>
                <br />
                <span className="bo-muted">{own ? t('icons.own') : t('icons.fallback')}</span>
              </span>
              <span className="bo-row-actions">
                <label className="bo-btn bo-btn-secondary bo-btn-sm bo-icon-upload">
                  {t('icons.upload')}
                  <input
                    type="file"
                    accept={GAME_ICON_LIMITS.types.join(',')}
                    aria-label={t('icons.uploadFor', { lang: label(slot) })}
                    onChange={(e) => {
                      void pick(slot, e.target.files?.[0]);
                      e.target.value = '';
                    }}
                  />
                </label>
                {own && (
                  <Button size="sm" variant="ghost" onClick={() => setRemoving(slot)}>
                    {t('icons.remove')}
                  </Button>
                )}
              </span>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={pending !== null}
        title={t('icons.confirmUploadTitle', { lang: pending ? label(pending.slot) : '' })}
        message={t('icons.confirmUpload')}
        confirmLabel={t('icons.upload')}
        onClose={() => {
          if (pending) URL.revokeObjectURL(pending.preview);
          setPending(null);
        }}
        onConfirm={async () => {
          if (!pending) return;
          const data = await readBase64(pending.file);
          const g = await api.post<AdminGame>(`/games/${game.nodeId}/icons`, { lang: pending.slot, data });
          URL.revokeObjectURL(pending.preview);
          setPending(null);
          toast(t('saved'));
          await onChanged(g);
        }}
      >
        {pending && <img src={pending.preview} alt="" width={96} height={96} className="bo-icon-preview" />}
      </ConfirmDialog>
      <ConfirmDialog
        open={removing !== null}
        title={t('icons.confirmRemoveTitle', { lang: removing ? label(removing) : '' })}
        message={t(removing === 'default' ? 'icons.confirmRemoveDefault' : 'icons.confirmRemove')}
        confirmLabel={t('icons.remove')}
        danger
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (!removing) return;
          const g = await api.del<AdminGame>(`/games/${game.nodeId}/icons/${removing}`);
          setRemoving(null);
          toast(t('saved'));
          await onChanged(g);
        }}
      />
    </Dialog>
  );
}

const MONEY = /^(0|[1-9]\d{0,11})(\.\d{1,2})?$/;

function GameEditor({
  game,
  onClose,
  onSave,
}: {
  game: AdminGame;
  onClose(): void;
  onSave(patch: AdminGamePatch): Promise<void>;
}) {
  const { t } = useTranslation('games');
  const [enabled, setEnabled] = useState(game.enabled);
  const [hot, setHot] = useState(game.hot);
  const [isNew, setIsNew] = useState(game.isNew);
  const [sort, setSort] = useState(String(game.sort));
  const [minBet, setMinBet] = useState(String(game.minBet));
  const [displayName, setDisplayName] = useState(game.displayName);
  const [names, setNames] = useState<Record<Language, string>>(
    () => Object.fromEntries(LANGUAGES.map((l) => [l, game.names[l] ?? ''])) as Record<Language, string>,
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errors = {
    sort: /^\d{1,5}$/.test(sort.trim()) ? undefined : t('invalid.order'),
    minBet: MONEY.test(minBet.trim()) && Number(minBet) > 0 ? undefined : t('invalid.minBet'),
    displayName: displayName.trim() && displayName.trim().length <= 80 ? undefined : t('invalid.name'),
  };
  const invalid = Object.values(errors).some(Boolean) || LANGUAGES.some((l) => names[l].trim().length > 80);
  return (
    <Dialog open wide title={t('game.editTitle', { name: game.displayName })} onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (invalid) return;
          setBusy(true);
          setError(null);
          const changedNames = Object.fromEntries(
            LANGUAGES.filter((l) => names[l].trim() !== (game.names[l] ?? '')).map((l) => [
              l,
              names[l].trim(),
            ]),
          );
          onSave({
            enabled,
            hot,
            isNew,
            sort: Number(sort),
            minBet: minBet.trim(),
            displayName: displayName.trim(),
            ...(Object.keys(changedNames).length > 0 && { names: changedNames }),
          })
            .catch((err: unknown) => setError(errorText(err)))
            .finally(() => setBusy(false));
        }}
      >
        <p className="bo-muted">
          {game.vendorName} · {t(`type.${game.gameType}`)} · <span className="bo-mono">{game.gameCode}</span>
          {game.engine && ` · ${t('houseEngine')}`}
        </p>
        <div className="bo-games-grid">
          <Field label={t('col.name')} error={errors.displayName}>
            <input value={displayName} maxLength={80} onChange={(e) => setDisplayName(e.target.value)} />
          </Field>
          <Field label={t('col.minBet')} hint={t('minBetHint')} error={errors.minBet}>
            <input inputMode="decimal" value={minBet} onChange={(e) => setMinBet(e.target.value)} />
          </Field>
          <Field label={t('col.order')} hint={t('orderHint')} error={errors.sort}>
            <input inputMode="numeric" value={sort} onChange={(e) => setSort(e.target.value)} />
          </Field>
        </div>
        <label className="bo-check">
          <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />{' '}
          {t('enabledFlag')}
        </label>
        <label className="bo-check">
          <input type="checkbox" checked={hot} onChange={(e) => setHot(e.target.checked)} /> {t('hotFlag')}
        </label>
        <label className="bo-check">
          <input type="checkbox" checked={isNew} onChange={(e) => setIsNew(e.target.checked)} />{' '}
          {t('newFlag')}
        </label>
        <h3 className="bo-games-sub">{t('game.names')}</h3>
        <p className="bo-muted">{t('game.namesHint')}</p>
        <div className="bo-games-grid">
          {LANGUAGES.map((l) => (
            <Field key={l} label={t(`lang.${l}`)}>
              <input
                value={names[l]}
                maxLength={80}
                placeholder={game.displayName}
                onChange={(e) => setNames((n) => ({ ...n, [l]: e.target.value }))}
              />
            </Field>
          ))}
        </div>
        <FormFoot error={error} onCancel={onClose} submitLabel={t('save')} busy={busy} />
      </form>
    </Dialog>
  );
}

// ---- house games -----------------------------------------------------------------------------------

type HouseRoom = AdminHouseGame['rooms'][number];

function HouseGames() {
  const { t } = useTranslation('games');
  const { brand } = useSession();
  const toast = useToast();
  const refresh = useRefresh();
  const [switching, setSwitching] = useState<{ game: AdminHouseGame; room: HouseRoom } | null>(null);
  const [timing, setTiming] = useState<{ game: AdminHouseGame; room: HouseRoom } | null>(null);
  const q = useQuery({
    queryKey: [...catalogueKey(brand), 'house'],
    queryFn: () => api.get<AdminHouseGame[]>('/games/house'),
  });
  const roomName = (g: AdminHouseGame, r: HouseRoom) =>
    g.engine === 'CARDS'
      ? t('house.room', { name: r.roomId, ante: r.detail })
      : t('house.table', { n: r.roomId });
  if (q.error && !q.data)
    return (
      <p role="alert">
        {errorText(q.error)} <Button onClick={() => void q.refetch()}>{t('retry')}</Button>
      </p>
    );
  if (!q.data) return <p className="bo-center-note">{t('loading')}</p>;
  return (
    <>
      <p className="bo-muted">{t('house.help')}</p>
      <div className="bo-house-grid">
        {q.data.map((g) => (
          <section key={g.engine} className="bo-card">
            <h2>{t(`house.engine.${g.engine}`)}</h2>
            <h3 className="bo-games-sub">{t('house.rtp')}</h3>
            <p className="bo-muted">{t('house.rtpOne')}</p>
            <dl className="bo-lottery-prizes">
              {g.figures.map((f) => (
                <div key={f.name} style={{ display: 'contents' }}>
                  <dt>{f.name}</dt>
                  <dd>{f.rtp.toFixed(2)}%</dd>
                </div>
              ))}
            </dl>
            {g.settings.length > 0 && (
              <>
                <h3 className="bo-games-sub">{t('house.settings')}</h3>
                <dl className="bo-lottery-prizes">
                  {g.settings.map((x) => (
                    <div key={x.key} style={{ display: 'contents' }}>
                      <dt>
                        {x.key.startsWith('limit.')
                          ? t('house.limit', { bet: x.key.slice(6) })
                          : t(`house.setting.${x.key as 'betSeconds'}`)}
                      </dt>
                      <dd>{x.value}</dd>
                    </div>
                  ))}
                </dl>
                <p className="bo-muted">{t('house.settingsHint')}</p>
              </>
            )}
            {g.rooms.length > 0 && (
              <>
                <h3 className="bo-games-sub">
                  {g.engine === 'CARDS' ? t('house.rooms') : t('house.tables')}
                </h3>
                <ul className="bo-house-rooms">
                  {g.rooms.map((r) => (
                    <li key={r.roomId}>
                      <span>{roomName(g, r)}</span> <OnOff on={r.enabled} />{' '}
                      <span className="bo-muted">
                        {r.hours ? t('house.hoursShort', r.hours) : t('house.allDay')}
                        {r.enabled && ` · ${r.openNow ? t('house.openNow') : t('house.closedNow')}`}
                      </span>{' '}
                      <Button size="sm" onClick={() => setTiming({ game: g, room: r })}>
                        {t('house.hours')}
                      </Button>{' '}
                      <Button
                        size="sm"
                        variant={r.enabled ? 'danger' : 'primary'}
                        onClick={() => setSwitching({ game: g, room: r })}
                      >
                        {r.enabled ? t('house.close') : t('house.open')}
                      </Button>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </section>
        ))}
      </div>
      {timing && (
        <RoomHoursDialog
          engine={timing.game.engine}
          room={timing.room}
          name={roomName(timing.game, timing.room)}
          onClose={() => setTiming(null)}
          onSaved={async () => {
            toast(t('saved'));
            await refresh();
          }}
        />
      )}
      <ConfirmDialog
        open={switching !== null}
        title={
          switching &&
          t(switching.room.enabled ? 'house.confirmCloseTitle' : 'house.confirmOpenTitle', {
            name: roomName(switching.game, switching.room),
          })
        }
        message={switching && t(switching.room.enabled ? 'house.confirmClose' : 'house.confirmOpen')}
        danger={switching?.room.enabled === true}
        confirmLabel={switching && (switching.room.enabled ? t('house.close') : t('house.open'))}
        onClose={() => setSwitching(null)}
        onConfirm={async () => {
          if (!switching) return;
          await api.put(`/games/house/${switching.game.engine}/rooms/${switching.room.roomId}`, {
            enabled: !switching.room.enabled,
          });
          toast(t('saved'));
          await refresh();
        }}
      />
    </>
  );
}
