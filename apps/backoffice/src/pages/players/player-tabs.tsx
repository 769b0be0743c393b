import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../api/client';
import { useSession } from '../../auth/session';
import { Badge, Button, DataTable, DateTime, Field, Money, errorText, useToast, type Column } from '../../ui';
import { useRefreshPlayers } from './player-actions';
import { usePaged } from './paged';
import type { BetRow, BonusRow, LedgerRow, LinkedRow, LoginRow, NoteRow, OrderRow } from './types';

const PAGE_SIZE = 50;

interface ListTabProps<R> {
  memberId: string;
  /** The list's path under the player: ledger, bets, … */
  list: string;
  columns: Column<R>[];
  rowKey(row: R, index: number): string;
  expand?(row: R): ReactNode;
  empty?: ReactNode;
}

/** A paged list under the player (its own page counter: each tab keeps its place). */
function ListTab<R>({ memberId, list, columns, rowKey, expand, empty }: ListTabProps<R>) {
  const [page, setPage] = useState(1);
  const q = usePaged<R>(`/players/${encodeURIComponent(memberId)}/${list}`, { page, pageSize: PAGE_SIZE });
  const rows = q.data?.list;
  // Rows without an id of their own (ledger lines, logins) are keyed by their place on the page.
  const keyed = rows?.map((r, i) => ({ r, k: rowKey(r, i) }));
  return (
    <DataTable<{ r: R; k: string }>
      dense
      columns={columns.map((c) => ({ ...c, render: (x) => c.render(x.r) }))}
      rows={keyed}
      rowKey={(x) => x.k}
      loading={q.isFetching}
      error={q.error}
      onRetry={() => void q.refetch()}
      empty={empty}
      page={page}
      hasMore={q.data?.hasMore}
      onPage={setPage}
      expand={expand ? (x) => expand(x.r) : undefined}
    />
  );
}

function useOrderStatus() {
  const { t } = useTranslation('players');
  return (status: string) => {
    const tone =
      status === 'PENDING'
        ? 'warning'
        : status === 'REJECTED' || status === 'FAILED'
          ? 'danger'
          : status === 'PARTIAL'
            ? 'info'
            : 'success';
    return <Badge tone={tone}>{t(`orderStatus.${status}`, { defaultValue: status })}</Badge>;
  };
}

export function LedgerTab({ memberId }: { memberId: string }) {
  const { t } = useTranslation('players');
  return (
    <ListTab<LedgerRow>
      memberId={memberId}
      list="ledger"
      rowKey={(r, i) => `${r.reference}:${r.kind}:${i}`}
      columns={[
        { key: 'at', header: t('col.at'), render: (r) => <DateTime value={r.at} seconds /> },
        { key: 'kind', header: t('col.kind'), render: (r) => <Badge>{r.kind}</Badge> },
        {
          key: 'wallet',
          header: t('col.wallet'),
          render: (r) => (r.wallet === 'MAIN' ? t('wallet.main') : r.wallet),
        },
        {
          key: 'ref',
          header: t('col.reference'),
          render: (r) => <span className="bo-mono">{r.reference}</span>,
        },
        {
          key: 'amount',
          header: t('col.amount'),
          align: 'right',
          render: (r) => <Money value={r.amount} signed />,
        },
        {
          key: 'after',
          header: t('col.balanceAfter'),
          align: 'right',
          render: (r) => (r.balanceAfter == null ? '—' : <Money value={r.balanceAfter} />),
        },
        { key: 'memo', header: t('col.memo'), render: (r) => r.memo ?? '' },
      ]}
    />
  );
}

/**
 * A bet recalled at its vendor (Hub88's round page): asked only when staff want it, since each
 * ask is audited as a read of the player.
 */
function RoundDetails({ memberId, vendor, roundId }: { memberId: string; vendor: string; roundId: string }) {
  const { t } = useTranslation('players');
  const ask = useMutation({
    mutationFn: () =>
      api.get<{ url: string }>(`/players/${encodeURIComponent(memberId)}/round-details`, { vendor, roundId }),
  });
  if (ask.data)
    return (
      <a href={ask.data.url} target="_blank" rel="noopener noreferrer" data-testid="bo-round-details-link">
        {t('bets.roundDetailsOpen')}
      </a>
    );
  return (
    <span className="bo-row-actions">
      <Button size="sm" busy={ask.isPending} onClick={() => ask.mutate()} data-testid="bo-round-details">
        {t('bets.roundDetails')}
      </Button>
      {ask.error ? (
        <span className="bo-field-error" role="alert">
          {errorText(ask.error)}
        </span>
      ) : null}
    </span>
  );
}

export function BetsTab({ memberId }: { memberId: string }) {
  const { t } = useTranslation('players');
  // The brand's vendors whose rounds their vendor shows again (fixed per brand).
  const recallable = useQuery({
    queryKey: ['bo', '/round-details/vendors'],
    queryFn: () => api.get<string[]>('/round-details/vendors'),
    staleTime: 10 * 60_000,
  });
  const canRecall = (vendor: string) => recallable.data?.includes(vendor) ?? false;
  return (
    <ListTab<BetRow>
      memberId={memberId}
      list="bets"
      rowKey={(r) => `${r.vendor}:${r.betId}`}
      expand={(r) => (
        <>
          {r.detail == null ? (
            canRecall(r.vendor) ? null : (
              <span className="bo-muted">{t('bets.noDetail')}</span>
            )
          ) : (
            <pre className="bo-json">{JSON.stringify(r.detail, null, 2)}</pre>
          )}
          {canRecall(r.vendor) ? (
            <RoundDetails memberId={memberId} vendor={r.vendor} roundId={r.betId} />
          ) : null}
        </>
      )}
      columns={[
        { key: 'at', header: t('col.at'), render: (r) => <DateTime value={r.at} seconds /> },
        { key: 'game', header: t('col.game'), render: (r) => r.game },
        { key: 'vendor', header: t('col.vendor'), render: (r) => r.vendor },
        { key: 'bet', header: t('col.betId'), render: (r) => <span className="bo-mono">{r.betId}</span> },
        { key: 'stake', header: t('col.stake'), align: 'right', render: (r) => <Money value={r.stake} /> },
        {
          key: 'valid',
          header: t('col.validStake'),
          align: 'right',
          render: (r) => <Money value={r.validStake} />,
        },
        { key: 'payout', header: t('col.payout'), align: 'right', render: (r) => <Money value={r.payout} /> },
        { key: 'status', header: t('col.status'), render: (r) => <Badge>{r.status}</Badge> },
      ]}
    />
  );
}

export function OrdersTab({ memberId, list }: { memberId: string; list: 'deposits' | 'withdrawals' }) {
  const { t } = useTranslation('players');
  const status = useOrderStatus();
  return (
    <ListTab<OrderRow>
      memberId={memberId}
      list={list}
      rowKey={(r) => r.orderNo}
      columns={[
        { key: 'no', header: t('col.orderNo'), render: (r) => <span className="bo-mono">{r.orderNo}</span> },
        { key: 'at', header: t('col.at'), render: (r) => <DateTime value={r.at} /> },
        { key: 'amount', header: t('col.amount'), align: 'right', render: (r) => <Money value={r.amount} /> },
        { key: 'status', header: t('col.status'), render: (r) => status(r.status) },
        { key: 'channel', header: t('col.channel'), render: (r) => r.channel ?? '—' },
        { key: 'by', header: t('col.decidedBy'), render: (r) => r.decidedBy ?? '—' },
        { key: 'when', header: t('col.decidedAt'), render: (r) => <DateTime value={r.decidedAt} /> },
      ]}
    />
  );
}

export function BonusesTab({ memberId }: { memberId: string }) {
  const { t } = useTranslation('players');
  return (
    <ListTab<BonusRow>
      memberId={memberId}
      list="bonuses"
      rowKey={(r, i) => `${r.at}:${r.kind}:${i}`}
      columns={[
        { key: 'at', header: t('col.at'), render: (r) => <DateTime value={r.at} /> },
        { key: 'kind', header: t('col.kind'), render: (r) => r.kind },
        { key: 'amount', header: t('col.amount'), align: 'right', render: (r) => <Money value={r.amount} /> },
        {
          key: 'turnover',
          header: t('col.turnoverRequired'),
          align: 'right',
          render: (r) => <Money value={r.turnoverRequired} />,
        },
        {
          key: 'status',
          header: t('col.status'),
          render: (r) => (
            <Badge tone={r.status === 'OPEN' ? 'warning' : 'success'}>{t(`turnover.${r.status}`)}</Badge>
          ),
        },
      ]}
    />
  );
}

export function LoginsTab({ memberId }: { memberId: string }) {
  const { t } = useTranslation('players');
  return (
    <ListTab<LoginRow>
      memberId={memberId}
      list="logins"
      rowKey={(r, i) => `${r.at}:${i}`}
      columns={[
        { key: 'at', header: t('col.at'), render: (r) => <DateTime value={r.at} seconds /> },
        {
          key: 'ok',
          header: t('col.result'),
          render: (r) =>
            r.success ? (
              <Badge tone="success">{t('logins.success')}</Badge>
            ) : (
              <Badge tone="danger">{r.reason ?? t('logins.failed')}</Badge>
            ),
        },
        { key: 'ip', header: t('col.ip'), render: (r) => <span className="bo-mono">{r.ip}</span> },
        {
          key: 'device',
          header: t('col.device'),
          render: (r) => <span className="bo-mono">{r.device ?? '—'}</span>,
        },
        {
          key: 'ua',
          header: t('col.userAgent'),
          render: (r) => <span className="bo-ua">{r.userAgent ?? '—'}</span>,
        },
      ]}
    />
  );
}

export function LinkedTab({ memberId }: { memberId: string }) {
  const { t } = useTranslation('players');
  return (
    <>
      <p className="bo-muted">{t('linked.window')}</p>
      <ListTab<LinkedRow>
        memberId={memberId}
        list="linked"
        rowKey={(r) => `${r.memberId}:${r.via}:${r.value}`}
        empty={t('linked.empty')}
        columns={[
          {
            key: 'user',
            header: t('col.username'),
            render: (r) => <Link to={`/players/${encodeURIComponent(r.memberId)}`}>{r.username}</Link>,
          },
          {
            key: 'id',
            header: t('col.memberId'),
            render: (r) => <span className="bo-mono">{r.memberId}</span>,
          },
          {
            key: 'via',
            header: t('col.via'),
            render: (r) => <Badge tone="warning">{t(`linked.via.${r.via}`)}</Badge>,
          },
          { key: 'value', header: t('col.value'), render: (r) => <span className="bo-mono">{r.value}</span> },
          { key: 'seen', header: t('col.lastSeen'), render: (r) => <DateTime value={r.lastSeenAt} /> },
        ]}
      />
    </>
  );
}

export function NotesTab({ memberId }: { memberId: string }) {
  const { t } = useTranslation('players');
  const { can } = useSession();
  return (
    <>
      {can('players.note') && <AddNote memberId={memberId} />}
      <ListTab<NoteRow>
        memberId={memberId}
        list="notes"
        rowKey={(r) => r.id}
        empty={t('notes.empty')}
        columns={[
          { key: 'at', header: t('col.at'), width: '11rem', render: (r) => <DateTime value={r.at} /> },
          { key: 'author', header: t('col.author'), width: '9rem', render: (r) => r.author },
          {
            key: 'text',
            header: t('col.note'),
            render: (r) => <span className="bo-note-text">{r.text}</span>,
          },
        ]}
      />
    </>
  );
}

const NOTE_MAX = 2000;

function AddNote({ memberId }: { memberId: string }) {
  const { t } = useTranslation('players');
  const toast = useToast();
  const refresh = useRefreshPlayers();
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const add = useMutation({
    mutationFn: (body: string) => api.post(`/players/${encodeURIComponent(memberId)}/notes`, { text: body }),
    onSuccess: async () => {
      setText('');
      setTouched(false);
      toast(t('notes.added'));
      await refresh();
    },
  });
  const empty = text.trim() === '';
  return (
    <form
      className="bo-card"
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (!empty) add.mutate(text.trim());
      }}
    >
      <Field label={t('notes.add')} error={touched && empty ? t('notes.required') : undefined}>
        <textarea value={text} onChange={(e) => setText(e.target.value)} rows={3} maxLength={NOTE_MAX} />
      </Field>
      {add.error && (
        <p className="bo-form-error" role="alert">
          {errorText(add.error)}
        </p>
      )}
      <div className="bo-form-row bo-end">
        <span className="bo-muted">
          {text.length}/{NOTE_MAX}
        </span>
        <Button type="submit" variant="primary" busy={add.isPending}>
          {t('notes.save')}
        </Button>
      </div>
    </form>
  );
}
