import { AGENT_MOVE_STATUSES, type AgentMove, type AgentMoveStatus, type AgentMoves } from '@app/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { useSession } from '../../auth/session';
import { Badge, Button, ConfirmDialog, DataTable, DateTime, Field, useToast, type BadgeTone } from '../../ui';

const PAGE = 20;

const TONES: Record<AgentMoveStatus, BadgeTone> = {
  SCHEDULED: 'info',
  APPLIED: 'success',
  CANCELLED: 'neutral',
  FAILED: 'danger',
};

/**
 * Every move staff made or scheduled, newest first: who, from and to whom, from when, in what
 * state, why and by whom. A scheduled move can be cancelled until its time comes.
 */
export function MovesTab() {
  const { t } = useTranslation('agents');
  const { brand, can, timeZone } = useSession();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<AgentMoveStatus | ''>('');
  const [cancelling, setCancelling] = useState<AgentMove | null>(null);
  const qc = useQueryClient();
  const toast = useToast();
  const list = useQuery({
    queryKey: ['agents', 'moves', brand, page, status],
    queryFn: () =>
      api.get<AgentMoves>('/agents/moves', {
        pageNo: page,
        pageSize: PAGE,
        ...(status ? { status } : {}),
      }),
    placeholderData: keepPreviousData,
  });
  const mayCancel = can('agents.members.move');
  return (
    <section className="bo-card">
      <h2>{t('moves.title')}</h2>
      <p className="bo-muted">{t('moves.intro', { zone: timeZone ?? '' })}</p>
      <div className="bo-form-row">
        <Field label={t('moves.statusFilter')}>
          <select
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as AgentMoveStatus | '');
              setPage(1);
            }}
            data-testid="moves-status"
          >
            <option value="">{t('statements.all')}</option>
            {AGENT_MOVE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`moves.status.${s}`)}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <DataTable
        rows={list.data?.list}
        loading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        rowKey={(r) => r.id}
        dense
        page={page}
        hasMore={list.data ? page * PAGE < list.data.totalCount : false}
        onPage={setPage}
        empty={status ? t('moves.emptyStatus') : t('moves.empty')}
        columns={[
          { key: 'member', header: t('statements.member'), render: (r) => <strong>{r.member}</strong> },
          { key: 'from', header: t('moves.from'), render: (r) => r.from ?? t('tree.top') },
          { key: 'to', header: t('moves.to'), render: (r) => r.to },
          {
            key: 'at',
            header: t('moves.effective'),
            width: '11rem',
            render: (r) => <DateTime value={r.effectiveAt} />,
          },
          {
            key: 'status',
            header: t('moves.statusHeader'),
            render: (r) => (
              <div className="bo-agents-move-status" data-testid={`move-status-${r.id}`}>
                <Badge tone={TONES[r.status]}>{t(`moves.status.${r.status}`)}</Badge>
                {r.status === 'FAILED' && r.failure && <div className="bo-muted">{r.failure}</div>}
                {r.status === 'CANCELLED' && (
                  <div className="bo-muted">
                    {t('moves.cancelledBy', { by: r.cancelledBy ?? '', reason: r.cancelReason ?? '' })}
                  </div>
                )}
              </div>
            ),
          },
          { key: 'team', header: t('moves.team'), align: 'right', render: (r) => r.teamSize },
          {
            key: 'ended',
            header: t('moves.ended'),
            align: 'right',
            // A scheduled move shows what it would end now; it is counted again when applied.
            render: (r) => (r.status === 'SCHEDULED' ? `(${r.contractsEnded})` : r.contractsEnded),
          },
          { key: 'reason', header: t('common.reason'), render: (r) => r.reason },
          { key: 'by', header: t('moves.by'), render: (r) => r.movedBy },
          {
            key: 'made',
            header: t('moves.made'),
            width: '11rem',
            render: (r) => <DateTime value={r.createdTime} />,
          },
          {
            key: 'actions',
            header: '',
            render: (r) =>
              mayCancel && r.status === 'SCHEDULED' ? (
                <Button size="sm" variant="ghost" onClick={() => setCancelling(r)}>
                  {t('moves.cancel')}
                </Button>
              ) : null,
          },
        ]}
      />
      <p className="bo-muted">{t('moves.scheduledEndedHint')}</p>
      <ConfirmDialog
        open={cancelling !== null}
        title={t('moves.cancelTitle')}
        message={
          cancelling ? t('moves.cancelText', { name: cancelling.member, target: cancelling.to }) : undefined
        }
        requireReason
        danger
        confirmLabel={t('moves.cancel')}
        onClose={() => setCancelling(null)}
        onConfirm={async (reason) => {
          await api.post<AgentMove>(`/agents/moves/${cancelling!.id}/cancel`, { reason });
          toast(t('moves.cancelled', { name: cancelling!.member }));
          await qc.invalidateQueries({ queryKey: ['agents'] });
          setCancelling(null);
        }}
      />
    </section>
  );
}
