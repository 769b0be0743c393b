import {
  LOTTERY_DRAW_STATUSES,
  type AdminLotteryDraw,
  type AdminLotteryDrawPage,
  type AdminLotteryGame,
  type AdminLotteryRtpRow,
  type LotteryCancelResult,
  type LotteryDrawStatus,
  type LotteryWeekday,
  type PrizeMode,
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
  DateTime,
  Field,
  Money,
  PageHeader,
  Tabs,
  formatMoney,
  formatNumber,
  useToast,
  type BadgeTone,
  type Column,
} from '../../ui';
import '../games/games.css';

const TABS = ['schedules', 'draws', 'returns'] as const;
type Tab = (typeof TABS)[number];
const PAGE_SIZE = 30;
/** The bounds the server accepts for a brand's return (basis points): 80.00% to 99.00%. */
const RTP_MIN_BP = 8000;
const RTP_MAX_BP = 9900;

export default function LotteryPage() {
  return (
    <RequirePermission permission="lottery.manage">
      <Lottery />
    </RequirePermission>
  );
}

function Lottery() {
  const { t } = useTranslation('lottery');
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(raw ?? '') ? (raw as Tab) : 'schedules';
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Tabs<Tab>
        tabs={TABS.map((id) => ({ id, label: t(`tab.${id}`) }))}
        value={tab}
        onChange={(id) => setParams({ tab: id }, { replace: true })}
      />
      {tab === 'schedules' && <Schedules />}
      {tab === 'draws' && <Draws />}
      {tab === 'returns' && <Returns />}
    </>
  );
}

const lotteryKey = (brand: string | null) => ['bo', 'lottery', brand] as const;

function useGames() {
  const { brand } = useSession();
  // Game names come in the staff member's language.
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...lotteryKey(brand), 'games', i18n.language],
    queryFn: () => api.get<AdminLotteryGame[]>('/lottery/games'),
  });
}

// ---- schedules --------------------------------------------------------------------------------------

function Schedules() {
  const { t } = useTranslation('lottery');
  const { brand } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const q = useGames();
  const [switching, setSwitching] = useState<AdminLotteryGame | null>(null);
  const schedule = (g: AdminLotteryGame) =>
    g.family === 'FAST'
      ? t('schedule.fast', { seconds: g.intervalSeconds, lock: g.lockSeconds })
      : t('schedule.digit', {
          days: (g.days ?? []).map((d) => t(`day.${d as LotteryWeekday}`)).join(', '),
          time: g.drawTime,
          zone: g.timeZone,
          lock: g.lockMinutes,
        });
  const columns: Column<AdminLotteryGame>[] = [
    {
      key: 'game',
      header: t('col.game'),
      render: (g) => (
        <>
          <strong>{g.name}</strong> <span className="bo-muted bo-mono">{g.vendor}</span>
        </>
      ),
    },
    {
      key: 'kind',
      header: t('col.kind'),
      render: (g) => <Badge tone="info">{t(`family.${g.family}`)}</Badge>,
    },
    { key: 'schedule', header: t('col.schedule'), render: schedule },
    {
      key: 'numero',
      header: t('col.currentDraw'),
      render: (g) => <span className="bo-mono">{g.current?.numero ?? '—'}</span>,
    },
    {
      key: 'lock',
      header: t('col.lockAt'),
      render: (g) => (g.current ? <DateTime value={g.current.lockAt} /> : '—'),
    },
    {
      key: 'draw',
      header: t('col.drawAt'),
      render: (g) => (g.current ? <DateTime value={g.current.drawAt} /> : '—'),
    },
    {
      key: 'state',
      header: t('col.state'),
      render: (g) =>
        g.enabled ? (
          <Badge tone="success">{t('state.on')}</Badge>
        ) : (
          <Badge tone="danger">{t('state.off')}</Badge>
        ),
    },
    {
      key: 'act',
      header: t('col.actions'),
      render: (g) => (
        <Button size="sm" onClick={() => setSwitching(g)}>
          {g.enabled ? t('switch.off') : t('switch.on')}
        </Button>
      ),
    },
  ];
  return (
    <>
      <p className="bo-muted">{t('schedule.help')}</p>
      <p className="bo-muted">{t('switch.help')}</p>
      <DataTable<AdminLotteryGame>
        dense
        columns={columns}
        rows={q.data}
        rowKey={(g) => `${g.vendor}/${g.gameCode}`}
        loading={q.isFetching}
        error={q.error}
        onRetry={() => void q.refetch()}
        empty={t('empty.games')}
        caption={t('tab.schedules')}
      />
      <ConfirmDialog
        open={switching !== null}
        title={t(switching?.enabled ? 'switch.confirmOffTitle' : 'switch.confirmOnTitle', {
          name: switching?.name ?? '',
        })}
        message={t(switching?.enabled ? 'switch.confirmOff' : 'switch.confirmOn')}
        danger={switching?.enabled === true}
        confirmLabel={switching?.enabled ? t('switch.off') : t('switch.on')}
        onClose={() => setSwitching(null)}
        onConfirm={async () => {
          if (!switching) return;
          const g = await api.put<AdminLotteryGame>(
            `/lottery/games/${switching.vendor}/${switching.gameCode}`,
            {
              enabled: !switching.enabled,
            },
          );
          toast(t(g.enabled ? 'switch.doneOn' : 'switch.doneOff', { name: g.name }));
          setSwitching(null);
          await queryClient.invalidateQueries({ queryKey: lotteryKey(brand) });
        }}
      />
    </>
  );
}

// ---- draws --------------------------------------------------------------------------------------------

const STATUS_TONE: Record<LotteryDrawStatus, BadgeTone> = {
  OPEN: 'info',
  LOCKED: 'warning',
  DRAWN: 'warning',
  SETTLED: 'success',
  CANCELLED: 'danger',
};

function DrawDetail({ d }: { d: AdminLotteryDraw }) {
  const { t } = useTranslation('lottery');
  return (
    <div>
      {d.result ? (
        <dl className="bo-lottery-prizes">
          {d.result.prizes.map((p) => (
            <div key={p.tier} style={{ display: 'contents' }}>
              <dt>{p.tier}</dt>
              <dd>{p.numbers.join('  ')}</dd>
            </div>
          ))}
          {d.result.sum !== null && (
            <>
              <dt>{t('sum')}</dt>
              <dd>{d.result.sum}</dd>
            </>
          )}
        </dl>
      ) : (
        <p className="bo-muted">{t('noResult')}</p>
      )}
      {d.cancelReason && (
        <p>
          {t('cancelReason')}: {d.cancelReason}
        </p>
      )}
      <h3 className="bo-games-sub">{t('rng.title')}</h3>
      {d.rng ? (
        <>
          <p className="bo-muted">
            {d.rng.generator} · <DateTime value={d.rng.drawnAt} /> ·{' '}
            {t('rng.calls', { n: formatNumber(d.rng.calls.length) })}
          </p>
          <p className="bo-muted">{t('rng.help')}</p>
          <pre className="bo-lottery-rng">{d.rng.calls.map(([n, v]) => `${v}/${n}`).join(' ')}</pre>
        </>
      ) : (
        <p className="bo-muted">{t('rng.none')}</p>
      )}
    </div>
  );
}

function Draws() {
  const { t } = useTranslation('lottery');
  const { brand } = useSession();
  const toast = useToast();
  const qc = useQueryClient();
  const games = useGames();
  const [game, setGame] = useState('');
  const [status, setStatus] = useState<LotteryDrawStatus | ''>('');
  const [page, setPage] = useState(1);
  const [cancelling, setCancelling] = useState<AdminLotteryDraw | null>(null);
  const [vendor, gameCode] = game ? game.split('/') : [undefined, undefined];
  const q = useQuery({
    queryKey: [...lotteryKey(brand), 'draws', game, status, page],
    queryFn: () =>
      api.get<AdminLotteryDrawPage>('/lottery/draws', {
        vendor,
        gameCode,
        status: status || undefined,
        pageNo: page,
        pageSize: PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
  });
  const nameOf = (d: AdminLotteryDraw) =>
    games.data?.find((g) => g.vendor === d.vendor && g.gameCode === d.gameCode)?.name ?? d.gameCode;
  const columns: Column<AdminLotteryDraw>[] = [
    { key: 'game', header: t('col.game'), render: (d) => nameOf(d) },
    { key: 'numero', header: t('col.numero'), render: (d) => <span className="bo-mono">{d.numero}</span> },
    {
      key: 'status',
      header: t('col.status'),
      render: (d) => <Badge tone={STATUS_TONE[d.status]}>{t(`status.${d.status}`)}</Badge>,
    },
    { key: 'draw', header: t('col.drawAt'), render: (d) => <DateTime value={d.drawAt} /> },
    {
      key: 'number',
      header: t('col.winning'),
      render: (d) => <span className="bo-mono">{d.result?.winningNumber ?? '—'}</span>,
    },
    { key: 'lines', header: t('col.lines'), align: 'right', render: (d) => formatNumber(d.lines) },
    { key: 'stake', header: t('col.stake'), align: 'right', render: (d) => <Money value={d.stake} /> },
    { key: 'payout', header: t('col.payout'), align: 'right', render: (d) => <Money value={d.payout} /> },
    {
      key: 'act',
      header: t('col.actions'),
      render: (d) =>
        d.status === 'SETTLED' || d.status === 'CANCELLED' ? null : (
          <Button size="sm" variant="danger" onClick={() => setCancelling(d)}>
            {t('cancel.button')}
          </Button>
        ),
    },
  ];
  const total = q.data?.total ?? 0;
  return (
    <>
      <div className="bo-card bo-form-row">
        <Field label={t('col.game')}>
          <select
            value={game}
            onChange={(e) => {
              setGame(e.target.value);
              setPage(1);
            }}
          >
            <option value="">{t('filter.all')}</option>
            {(games.data ?? []).map((g) => (
              <option key={`${g.vendor}/${g.gameCode}`} value={`${g.vendor}/${g.gameCode}`}>
                {g.name}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('col.status')}>
          <select
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as LotteryDrawStatus | '');
              setPage(1);
            }}
          >
            <option value="">{t('filter.all')}</option>
            {LOTTERY_DRAW_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <p className="bo-muted">
        {t('found', { n: formatNumber(total) })} · {t('expandHint')}
      </p>
      <DataTable<AdminLotteryDraw>
        dense
        columns={columns}
        rows={q.data?.list}
        rowKey={(d) => d.id}
        loading={q.isFetching}
        error={q.error}
        onRetry={() => void q.refetch()}
        empty={t('empty.draws')}
        caption={t('tab.draws')}
        page={page}
        hasMore={page * PAGE_SIZE < total}
        onPage={setPage}
        expand={(d) => <DrawDetail d={d} />}
      />
      <ConfirmDialog
        open={cancelling !== null}
        title={cancelling && t('cancel.title', { game: nameOf(cancelling), numero: cancelling.numero })}
        message={
          cancelling &&
          t('cancel.message', {
            lines: formatNumber(cancelling.lines),
            amount: formatMoney(cancelling.stake),
          })
        }
        amount={cancelling?.stake}
        requireReason
        danger
        confirmLabel={t('cancel.confirm')}
        onClose={() => setCancelling(null)}
        onConfirm={async (reason) => {
          if (!cancelling) return;
          const r = await api.post<LotteryCancelResult>('/lottery/draws/cancel', {
            vendor: cancelling.vendor,
            gameCode: cancelling.gameCode,
            numero: cancelling.numero,
            reason,
          });
          toast(t('cancel.done', { n: formatNumber(r.refunded), amount: formatMoney(r.amount) }));
          await qc.invalidateQueries({ queryKey: lotteryKey(brand) });
        }}
      />
    </>
  );
}

// ---- returns ------------------------------------------------------------------------------------------

const pct = (bp: number) => (bp / 100).toFixed(2);

function Returns() {
  const { t } = useTranslation('lottery');
  const { brand } = useSession();
  const toast = useToast();
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: [...lotteryKey(brand), 'rtp'],
    queryFn: () => api.get<{ list: AdminLotteryRtpRow[] }>('/lottery/rtp'),
  });
  const [draft, setDraft] = useState<Partial<Record<PrizeMode, string>>>({});
  const [confirming, setConfirming] = useState(false);
  const rows = q.data?.list;
  /** What each edited mode becomes: basis points, null for the default, or an error text. */
  const parsed = Object.entries(draft).map(([mode, text]) => {
    const row = rows?.find((r) => r.prizeMode === mode);
    const v = (text ?? '').trim();
    if (v === '') return { mode: mode as PrizeMode, bp: null, error: undefined, row };
    const ok = /^\d{2}(\.\d{1,2})?$/.test(v);
    const bp = ok ? Math.round(Number(v) * 100) : NaN;
    const error =
      !ok || bp < RTP_MIN_BP || bp > RTP_MAX_BP
        ? t('rtp.invalid', { min: pct(RTP_MIN_BP), max: pct(RTP_MAX_BP) })
        : undefined;
    return { mode: mode as PrizeMode, bp, error, row };
  });
  const changes = parsed.filter(
    (p) =>
      !p.error &&
      p.row &&
      (p.bp === null ? p.row.source === 'BRAND' : p.bp !== p.row.rtpBp || p.row.source === 'DEFAULT'),
  );
  const invalid = parsed.some((p) => p.error);
  const columns: Column<AdminLotteryRtpRow>[] = [
    { key: 'mode', header: t('col.prizeMode'), render: (r) => <strong>{t(`mode.${r.prizeMode}`)}</strong> },
    {
      key: 'now',
      header: t('col.rtpNow'),
      align: 'right',
      render: (r) => (
        <>
          {pct(r.rtpBp)}%{' '}
          <Badge tone={r.source === 'BRAND' ? 'info' : 'neutral'}>{t(`source.${r.source}`)}</Badge>
        </>
      ),
    },
    { key: 'default', header: t('col.rtpDefault'), align: 'right', render: (r) => `${pct(r.defaultRtpBp)}%` },
    {
      key: 'set',
      header: t('col.rtpNew'),
      render: (r) => {
        const p = parsed.find((x) => x.mode === r.prizeMode);
        return (
          <div className="bo-lottery-rtp-input">
            <Field label={t('rtp.label', { mode: t(`mode.${r.prizeMode}`) })} error={p?.error}>
              <input
                inputMode="decimal"
                placeholder={r.source === 'BRAND' ? pct(r.rtpBp) : t('rtp.placeholderDefault')}
                value={draft[r.prizeMode] ?? (r.source === 'BRAND' ? pct(r.rtpBp) : '')}
                onChange={(e) => setDraft((d) => ({ ...d, [r.prizeMode]: e.target.value }))}
              />
            </Field>
          </div>
        );
      },
    },
  ];
  return (
    <section className="bo-card">
      <h2>{t('rtp.title')}</h2>
      <p className="bo-muted">{t('rtp.help')}</p>
      <DataTable<AdminLotteryRtpRow>
        dense
        columns={columns}
        rows={rows}
        rowKey={(r) => r.prizeMode}
        loading={q.isFetching}
        error={q.error}
        onRetry={() => void q.refetch()}
        caption={t('rtp.title')}
      />
      <div className="bo-row-actions">
        <Button
          variant="primary"
          disabled={invalid || changes.length === 0}
          onClick={() => setConfirming(true)}
        >
          {t('rtp.save')}
        </Button>
        {Object.keys(draft).length > 0 && (
          <Button variant="ghost" onClick={() => setDraft({})}>
            {t('rtp.reset')}
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('rtp.confirmTitle')}
        message={
          <>
            {changes.map((c) => (
              <span key={c.mode} style={{ display: 'block' }}>
                {t(`mode.${c.mode}`)}: {pct(c.row!.rtpBp)}% →{' '}
                {c.bp === null ? `${pct(c.row!.defaultRtpBp)}% (${t('source.DEFAULT')})` : `${pct(c.bp)}%`}
              </span>
            ))}
            <span style={{ display: 'block' }}>{t('rtp.confirm')}</span>
          </>
        }
        confirmLabel={t('rtp.save')}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          await api.post('/lottery/rtp', { rtpBp: Object.fromEntries(changes.map((c) => [c.mode, c.bp])) });
          toast(t('rtp.done'));
          setDraft({});
          await qc.invalidateQueries({ queryKey: [...lotteryKey(brand), 'rtp'] });
        }}
      />
    </section>
  );
}
