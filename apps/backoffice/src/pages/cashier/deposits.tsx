import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, newIdempotencyKey } from '../../api/client';
import { useLiveQueue } from '../../api/live';
import { useSession } from '../../auth/session';
import {
  Badge,
  Button,
  PagedTable,
  DateTime,
  Field,
  Money,
  LiveBadge,
  PageHeader,
  useToast,
  type Column,
  ConfirmDialog,
} from '../../ui';
import { dayEnd, dayStart, usePaged } from '../players/paged';
import { FilterBar, PeriodSearchFields, PlayerLink, StateBadge, useRefreshQueues } from './common';
import { ReceiptViewer } from './receipt-viewer';
import { DEPOSIT_FILTER_STATES, type DepositRow } from './types';
import { ALL, useUrlFilters } from './url-filters';

const KEYS = ['status', 'channelType', 'from', 'to', 'q'] as const;
const PAGE_SIZE = 50;

export function DepositsPage() {
  const { t } = useTranslation('cashier');
  const { can } = useSession();
  const f = useUrlFilters(KEYS, { status: 'PENDING' });
  const [receipts, setReceipts] = useState<string[] | null>(null);
  const [deciding, setDeciding] = useState<{ row: DepositRow; approve: boolean } | null>(null);
  const list = usePaged<DepositRow>('/deposits', {
    status: f.value('status'),
    channelType: f.value('channelType'),
    from: dayStart(f.value('from')),
    to: dayEnd(f.value('to')),
    q: f.value('q').trim(),
    page: f.page,
    pageSize: PAGE_SIZE,
  });
  const live = useLiveQueue('deposits', ['bo', '/deposits']);
  const mayDecide = can('cashier.deposits.decide');
  const set = (k: (typeof KEYS)[number]) => (e: { target: { value: string } }) =>
    f.setDraft({ ...f.draft, [k]: e.target.value });

  const columns: Column<DepositRow>[] = [
    { key: 'no', header: t('col.orderNo'), render: (r) => <span className="bo-mono">{r.orderNo}</span> },
    {
      key: 'player',
      header: t('col.player'),
      render: (r) => <PlayerLink memberId={r.memberId} username={r.username} />,
    },
    {
      key: 'amount',
      header: t('col.amount'),
      align: 'right',
      render: (r) => (
        <>
          <strong>
            <Money value={r.amount} />
          </strong>
          {r.fee > 0 && (
            <div className="bo-muted">
              {t('col.fee')} <Money value={r.fee} />
            </div>
          )}
        </>
      ),
    },
    {
      key: 'channel',
      header: t('col.channel'),
      render: (r) => (
        <>
          {r.channel} <Badge>{t(`channelType.${r.channelType}`)}</Badge>
        </>
      ),
    },
    {
      key: 'status',
      header: t('col.status'),
      render: (r) => (
        <span className="bo-badges">
          <StateBadge state={r.status} />
          {r.channelType === 'ONLINE' && (
            <Badge tone="info">
              {t('providerStatus')}: {r.providerStatus ?? t('providerNone')}
            </Badge>
          )}
          {r.providerTxn && <span className="bo-muted bo-mono">{r.providerTxn}</span>}
        </span>
      ),
    },
    {
      key: 'receipts',
      header: t('col.receipts'),
      render: (r) =>
        r.receiptImageIds.length > 0 ? (
          <Button size="sm" onClick={() => setReceipts(r.receiptImageIds)}>
            {t('receipt.view', { count: r.receiptImageIds.length })}
          </Button>
        ) : (
          <span className="bo-muted">—</span>
        ),
    },
    { key: 'created', header: t('col.createdAt'), render: (r) => <DateTime value={r.createdAt} /> },
    {
      key: 'decided',
      header: t('col.decision'),
      render: (r) =>
        r.decidedAt ? (
          <>
            {/* No operator decided an order the gateway settled: its notice did. */}
            {r.decidedBy ?? t('providerStatus')}
            <div className="bo-muted">
              <DateTime value={r.decidedAt} />
            </div>
            {r.reason && <div className="bo-reason">{r.reason}</div>}
          </>
        ) : (
          <span className="bo-muted">—</span>
        ),
    },
  ];
  if (mayDecide)
    columns.push({
      key: 'actions',
      header: t('col.actions'),
      render: (r) =>
        r.status === 'PENDING' ? (
          <span className="bo-row-actions">
            <Button size="sm" variant="primary" onClick={() => setDeciding({ row: r, approve: true })}>
              {t('approve')}
            </Button>
            <Button size="sm" variant="danger" onClick={() => setDeciding({ row: r, approve: false })}>
              {t('reject')}
            </Button>
          </span>
        ) : null,
    });

  return (
    <>
      <PageHeader title={t('deposits')} subtitle={t('depositsHint')} actions={<LiveBadge live={live} />} />
      <FilterBar onSubmit={() => f.apply(f.draft)} onReset={f.reset}>
        <Field label={t('col.status')}>
          <select value={f.draft.status} onChange={set('status')}>
            <option value={ALL}>{t('filter.all')}</option>
            {DEPOSIT_FILTER_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`state.${s}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('filter.channelType')}>
          <select value={f.draft.channelType} onChange={set('channelType')}>
            <option value="">{t('filter.all')}</option>
            <option value="BANK">{t('channelType.BANK')}</option>
            <option value="ONLINE">{t('channelType.ONLINE')}</option>
          </select>
        </Field>
        <PeriodSearchFields draft={f.draft} set={set} />
      </FilterBar>
      <PagedTable
        query={list}
        columns={columns}
        rowKey={(r) => r.orderNo}
        empty={t('emptyDeposits')}
        page={f.page}
        onPage={f.setPage}
      />
      {receipts && <ReceiptViewer ids={receipts} onClose={() => setReceipts(null)} />}
      {deciding && (
        <DepositDecision row={deciding.row} approve={deciding.approve} onClose={() => setDeciding(null)} />
      )}
    </>
  );
}

function DepositDecision({ row, approve, onClose }: { row: DepositRow; approve: boolean; onClose(): void }) {
  const { t } = useTranslation('cashier');
  const toast = useToast();
  const refresh = useRefreshQueues();
  // Made once per opened dialog: a second click after a timeout repeats the same decision.
  const [key] = useState(newIdempotencyKey);
  return (
    <ConfirmDialog
      open
      title={t(approve ? 'deposit.approveTitle' : 'deposit.rejectTitle', { orderNo: row.orderNo })}
      message={t(approve ? 'deposit.approveMessage' : 'deposit.rejectMessage', { username: row.username })}
      requireReason={!approve}
      danger={!approve}
      confirmLabel={t(approve ? 'approve' : 'reject')}
      onClose={onClose}
      onConfirm={async (reason) => {
        const id = encodeURIComponent(row.id);
        if (approve) await api.post(`/deposits/${id}/approve`, {}, { idempotencyKey: key });
        else await api.post(`/deposits/${id}/reject`, { reason }, { idempotencyKey: key });
        toast(t(approve ? 'deposit.approved' : 'deposit.rejected', { orderNo: row.orderNo }));
        await refresh();
      }}
      amount={row.amount}
    />
  );
}
