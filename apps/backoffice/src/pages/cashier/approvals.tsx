import type { Permission } from '@app/contracts';
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
import { usePaged } from '../players/paged';
import { FilterBar, PlayerLink, StateBadge, useRefreshQueues } from './common';
import type { ApprovalRow } from './types';
import { useUrlFilters } from './url-filters';

const KEYS = ['state'] as const;
const STATES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
const PAGE_SIZE = 50;
const DECIDE: Record<ApprovalRow['kind'], Permission> = {
  WITHDRAWAL: 'cashier.withdrawals.decide',
  ADJUSTMENT: 'cashier.adjustments.approve',
};

export function ApprovalsPage() {
  const { t } = useTranslation('cashier');
  const { can, session } = useSession();
  const f = useUrlFilters(KEYS, { state: 'PENDING' });
  const [deciding, setDeciding] = useState<{ row: ApprovalRow; approve: boolean } | null>(null);
  const live = useLiveQueue('approvals', ['bo', '/approvals']);
  const list = usePaged<ApprovalRow>('/approvals', {
    state: f.value('state'),
    page: f.page,
    pageSize: PAGE_SIZE,
  });
  const me = session?.staff.username;

  const columns: Column<ApprovalRow>[] = [
    {
      key: 'kind',
      header: t('col.kind'),
      render: (r) => <Badge tone={r.kind === 'ADJUSTMENT' ? 'info' : 'neutral'}>{t(`kind.${r.kind}`)}</Badge>,
    },
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
        <strong>
          <Money value={r.amount} signed={direction(r.detail) === 'CREDIT'} />
        </strong>
      ),
    },
    { key: 'detail', header: t('col.detail'), render: (r) => <Detail detail={r.detail} /> },
    {
      key: 'reason',
      header: t('col.reason'),
      render: (r) => <span className="bo-reason">{r.reason ?? '—'}</span>,
    },
    {
      key: 'requested',
      header: t('col.requested'),
      render: (r) => (
        <>
          {r.requestedBy}
          <div className="bo-muted">
            <DateTime value={r.requestedAt} />
          </div>
        </>
      ),
    },
    {
      key: 'state',
      header: t('col.status'),
      render: (r) =>
        r.state === 'PENDING' ? (
          <StateBadge state={r.state} />
        ) : (
          <>
            <StateBadge state={r.state} />
            <div>
              {r.decidedBy} · <DateTime value={r.decidedAt} />
            </div>
            {r.decisionReason && <div className="bo-reason">{r.decisionReason}</div>}
          </>
        ),
    },
    {
      key: 'actions',
      header: t('col.actions'),
      render: (r) => {
        if (r.state !== 'PENDING') return null;
        // The server refuses a requester's own decision (approval.self); say so instead of offering buttons.
        if (r.requestedBy === me) return <span className="bo-muted">{t('waitingForOther')}</span>;
        if (!can(DECIDE[r.kind])) return null;
        return (
          <span className="bo-row-actions">
            <Button size="sm" variant="primary" onClick={() => setDeciding({ row: r, approve: true })}>
              {t('approve')}
            </Button>
            <Button size="sm" variant="danger" onClick={() => setDeciding({ row: r, approve: false })}>
              {t('reject')}
            </Button>
          </span>
        );
      },
    },
  ];

  return (
    <>
      <PageHeader title={t('approvals')} subtitle={t('approvalsHint')} actions={<LiveBadge live={live} />} />
      <FilterBar onSubmit={() => f.apply(f.draft)} onReset={f.reset}>
        <Field label={t('col.status')}>
          <select value={f.draft.state} onChange={(e) => f.setDraft({ state: e.target.value })}>
            {STATES.map((s) => (
              <option key={s} value={s}>
                {t(`state.${s}`)}
              </option>
            ))}
          </select>
        </Field>
      </FilterBar>
      <PagedTable
        query={list}
        columns={columns}
        rowKey={(r) => r.id}
        empty={t('emptyApprovals')}
        page={f.page}
        onPage={f.setPage}
      />
      {deciding && (
        <ApprovalDecision row={deciding.row} approve={deciding.approve} onClose={() => setDeciding(null)} />
      )}
    </>
  );
}

function direction(detail: unknown): string | undefined {
  if (detail && typeof detail === 'object' && 'direction' in detail && typeof detail.direction === 'string')
    return detail.direction;
  return undefined;
}

/** The request's detail object as label: value pairs (it differs by kind; unknown keys show as is). */
function Detail({ detail }: { detail: unknown }) {
  const { t } = useTranslation('cashier');
  if (detail === null || detail === undefined) return <span className="bo-muted">—</span>;
  if (typeof detail !== 'object' || Array.isArray(detail))
    return <span className="bo-mono">{JSON.stringify(detail)}</span>;
  return (
    <dl className="bo-detail">
      {Object.entries(detail).map(([k, v]) => (
        <div key={k}>
          <dt>{t(`detail.${k}`, { defaultValue: k })}</dt>
          <dd className="bo-mono">
            {typeof v === 'string' || typeof v === 'number' ? String(v) : JSON.stringify(v)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function ApprovalDecision({
  row,
  approve,
  onClose,
}: {
  row: ApprovalRow;
  approve: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation('cashier');
  const toast = useToast();
  const refresh = useRefreshQueues();
  const [key] = useState(newIdempotencyKey);
  return (
    <ConfirmDialog
      open
      title={t(approve ? 'approval.approveTitle' : 'approval.rejectTitle', { kind: t(`kind.${row.kind}`) })}
      message={t(approve ? 'approval.approveMessage' : 'approval.rejectMessage', {
        username: row.username,
        requestedBy: row.requestedBy,
      })}
      requireReason={!approve}
      danger={!approve}
      confirmLabel={t(approve ? 'approve' : 'reject')}
      onClose={onClose}
      onConfirm={async (reason) => {
        const id = encodeURIComponent(row.id);
        if (approve) await api.post(`/approvals/${id}/approve`, {}, { idempotencyKey: key });
        else await api.post(`/approvals/${id}/reject`, { reason }, { idempotencyKey: key });
        toast(t(approve ? 'approval.approved' : 'approval.rejected'));
        await refresh();
      }}
      amount={row.amount}
    >
      <Detail detail={row.detail} />
      {row.reason && (
        <p>
          <span className="bo-muted">{t('col.reason')}:</span> {row.reason}
        </p>
      )}
    </ConfirmDialog>
  );
}
