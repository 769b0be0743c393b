import type { AgentMoves } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { useSession } from '../../auth/session';
import { DataTable, DateTime } from '../../ui';

const PAGE = 20;

/** Every move staff made, newest first: who, from and to whom, from when, why, by whom. */
export function MovesTab() {
  const { t } = useTranslation('agents');
  const { brand } = useSession();
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: ['agents', 'moves', brand, page],
    queryFn: () => api.get<AgentMoves>('/agents/moves', { pageNo: page, pageSize: PAGE }),
    placeholderData: keepPreviousData,
  });
  return (
    <section className="bo-card">
      <h2>{t('moves.title')}</h2>
      <p className="bo-muted">{t('moves.intro')}</p>
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
        empty={t('moves.empty')}
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
          { key: 'ended', header: t('moves.ended'), align: 'right', render: (r) => r.contractsEnded },
          { key: 'reason', header: t('common.reason'), render: (r) => r.reason },
          { key: 'by', header: t('moves.by'), render: (r) => r.movedBy },
          {
            key: 'made',
            header: t('moves.made'),
            width: '11rem',
            render: (r) => <DateTime value={r.createdTime} />,
          },
        ]}
      />
    </section>
  );
}
