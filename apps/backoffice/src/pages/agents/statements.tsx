import {
  CONTRACT_KINDS,
  SETTLEMENT_STATES,
  type AdminStatementBets,
  type AdminStatementDetail,
  type AdminStatementLine,
  type AdminStatements,
} from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { useSession } from '../../auth/session';
import { Badge, Button, DataTable, DateTime, Field, Money, errorText, formatNumber } from '../../ui';

const PAGE = 20;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const tone = (s: AdminStatementLine['status']) =>
  s === 'PAID' ? 'success' : s === 'UNPAID' ? 'danger' : 'neutral';

/** Settlement lines of the brand, each opened down to the bets and the ledger entry behind it. */
export function StatementsTab() {
  const { t } = useTranslation('agents');
  const { brand } = useSession();
  const [filter, setFilter] = useState(() => ({
    startTime: isoDay(new Date(Date.now() - 7 * 86_400_000)),
    endTime: isoDay(new Date(Date.now() + 86_400_000)),
    username: '',
    kind: '',
    status: '',
  }));
  const [draft, setDraft] = useState(filter);
  const [page, setPage] = useState(1);
  const invalid = !draft.startTime || !draft.endTime || draft.startTime > draft.endTime;
  const list = useQuery({
    queryKey: ['agents', 'statements', brand, filter, page],
    queryFn: () =>
      api.get<AdminStatements>('/agents/statements', { ...filter, pageNo: page, pageSize: PAGE }),
    placeholderData: keepPreviousData,
  });
  const apply = (e: FormEvent) => {
    e.preventDefault();
    if (invalid) return;
    setFilter({ ...draft, username: draft.username.trim() });
    setPage(1);
  };
  const pages = list.data ? Math.ceil(list.data.totalCount / PAGE) : 1;
  return (
    <>
      <form className="bo-card bo-form-row" onSubmit={apply} noValidate>
        <Field label={t('statements.from')}>
          <input
            type="date"
            value={draft.startTime}
            onChange={(e) => setDraft({ ...draft, startTime: e.target.value })}
          />
        </Field>
        <Field label={t('statements.to')} error={invalid ? t('statements.rangeError') : undefined}>
          <input
            type="date"
            value={draft.endTime}
            onChange={(e) => setDraft({ ...draft, endTime: e.target.value })}
          />
        </Field>
        <Field label={t('statements.agent')}>
          <input
            value={draft.username}
            maxLength={64}
            onChange={(e) => setDraft({ ...draft, username: e.target.value })}
          />
        </Field>
        <Field label={t('terms.kind')}>
          <select value={draft.kind} onChange={(e) => setDraft({ ...draft, kind: e.target.value })}>
            <option value="">{t('statements.all')}</option>
            {CONTRACT_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`kind.${k}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('statements.status')}>
          <select value={draft.status} onChange={(e) => setDraft({ ...draft, status: e.target.value })}>
            <option value="">{t('statements.all')}</option>
            {SETTLEMENT_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`lineStatus.${s}`)}
              </option>
            ))}
          </select>
        </Field>
        <div className="bo-page-actions">
          <Button type="submit" variant="primary" disabled={invalid}>
            {t('common.search')}
          </Button>
        </div>
      </form>
      {list.data && (
        <p className="bo-muted">
          {t('statements.summary', { n: formatNumber(list.data.totalCount) })} · {t('statements.totalPaid')}{' '}
          <Money value={list.data.totalPaid} />
        </p>
      )}
      <DataTable
        rows={list.data?.list}
        loading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        rowKey={(r) => r.id}
        dense
        empty={t('statements.empty')}
        expand={(r) => <LineDetail line={r} />}
        columns={[
          {
            key: 'period',
            header: t('statements.period'),
            render: (r) => <span className="bo-mono">{r.period}</span>,
          },
          { key: 'kind', header: t('terms.kind'), render: (r) => `${t(`kind.${r.kind}`)} v${r.version}` },
          { key: 'member', header: t('statements.payee'), render: (r) => r.member },
          { key: 'payer', header: t('contracts.payer'), render: (r) => r.payer ?? t('contracts.platform') },
          {
            key: 'base',
            header: t('statements.base'),
            align: 'right',
            render: (r) => <Money value={r.base} />,
          },
          {
            key: 'tier',
            header: t('statements.tier'),
            render: (r) =>
              r.tier ? `${r.tier} · ${r.rate.toFixed(2)}% · ${formatNumber(r.activeMembers)}` : '—',
          },
          {
            key: 'amount',
            header: t('statements.amount'),
            align: 'right',
            render: (r) => <Money value={r.amount} />,
          },
          {
            key: 'status',
            header: t('statements.status'),
            render: (r) => <Badge tone={tone(r.status)}>{t(`lineStatus.${r.status}`)}</Badge>,
          },
        ]}
      />
      {pages > 1 && (
        <div className="bo-agents-paging">
          <Button size="sm" variant="ghost" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('common.prev')}
          </Button>
          <span className="bo-muted">{t('common.pageN', { page })}</span>
          <Button size="sm" variant="ghost" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('common.next')}
          </Button>
        </div>
      )}
    </>
  );
}

function LineDetail({ line }: { line: AdminStatementLine }) {
  const { t } = useTranslation('agents');
  const { brand } = useSession();
  const [member, setMember] = useState<string | null>(null);
  const detail = useQuery({
    queryKey: ['agents', 'statement', brand, line.id],
    queryFn: () => api.get<AdminStatementDetail>(`/agents/statements/${line.id}`),
  });
  if (detail.isPending) return <p className="bo-muted">…</p>;
  if (detail.error) return <p role="alert">{errorText(detail.error)}</p>;
  const d = detail.data;
  return (
    <div className="bo-agents-detail" data-testid="statement-detail">
      <p className="bo-muted">
        <DateTime value={line.periodStart} /> – <DateTime value={line.periodEnd} />
        {line.reason && ` · ${t('statements.reason')}: ${line.reason}`}
      </p>
      <h4>{t('statements.entry')}</h4>
      {d.entry ? (
        <>
          <p className="bo-mono">
            #{d.entry.id} · {d.entry.kind} · {d.entry.reference} · <DateTime value={d.entry.createdTime} />
          </p>
          <table className="bo-table bo-table-dense">
            <thead>
              <tr>
                <th>{t('statements.account')}</th>
                <th>{t('statements.owner')}</th>
                <th className="bo-num">{t('statements.amount')}</th>
                <th className="bo-num">{t('statements.balanceAfter')}</th>
              </tr>
            </thead>
            <tbody>
              {d.entry.postings.map((p) => (
                <tr key={p.accountId}>
                  <td className="bo-mono">
                    {p.accountKind} #{p.accountId}
                  </td>
                  <td>{p.member ?? t('statements.brandAccount')}</td>
                  <td className="bo-num">
                    <Money value={p.amount} signed />
                  </td>
                  <td className="bo-num">
                    {p.balanceAfter === null ? '—' : <Money value={p.balanceAfter} />}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : (
        <p className="bo-muted">{t('statements.noEntry')}</p>
      )}
      <h4>{t('statements.members', { n: d.totals.active })}</h4>
      <p className="bo-muted">
        {t('statements.totals', { bets: formatNumber(d.totals.bets) })} · {t('statements.turnover')}{' '}
        <Money value={d.totals.turnover} /> · {t('statements.loss')} <Money value={d.totals.loss} />
      </p>
      {d.members.length === 0 ? (
        <p className="bo-muted">{t('statements.noBets')}</p>
      ) : (
        <table className="bo-table bo-table-dense">
          <thead>
            <tr>
              <th>{t('statements.member')}</th>
              <th>{t('statements.level')}</th>
              <th className="bo-num">{t('statements.bets')}</th>
              <th className="bo-num">{t('statements.turnover')}</th>
              <th className="bo-num">{t('statements.loss')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {d.members.map((m) => (
              <tr key={m.memberId}>
                <td>{m.username}</td>
                <td>{m.level}</td>
                <td className="bo-num">{formatNumber(m.bets)}</td>
                <td className="bo-num">
                  <Money value={m.turnover} />
                </td>
                <td className="bo-num">
                  <Money value={m.loss} />
                </td>
                <td>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setMember(member === m.memberId ? null : m.memberId)}
                  >
                    {member === m.memberId ? t('statements.hideBets') : t('statements.showBets')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {member && <Bets lineId={line.id} memberId={member} />}
    </div>
  );
}

function Bets({ lineId, memberId }: { lineId: string; memberId: string }) {
  const { t } = useTranslation('agents');
  const { brand } = useSession();
  const [page, setPage] = useState(1);
  const bets = useQuery({
    queryKey: ['agents', 'statement-bets', brand, lineId, memberId, page],
    queryFn: () =>
      api.get<AdminStatementBets>(`/agents/statements/${lineId}/bets`, {
        memberId,
        pageNo: page,
        pageSize: 50,
      }),
    placeholderData: keepPreviousData,
  });
  return (
    <DataTable
      rows={bets.data?.list}
      loading={bets.isPending}
      error={bets.error}
      rowKey={(b) => b.id}
      dense
      page={page}
      hasMore={bets.data ? page * 50 < bets.data.totalCount : false}
      onPage={setPage}
      columns={[
        {
          key: 'at',
          header: t('statements.settled'),
          width: '11rem',
          render: (b) => <DateTime value={b.settledTime} />,
        },
        { key: 'game', header: t('statements.game'), render: (b) => `${b.vendor} · ${b.game}` },
        {
          key: 'round',
          header: t('statements.round'),
          render: (b) => <span className="bo-mono">{b.roundId}</span>,
        },
        {
          key: 'stake',
          header: t('statements.stake'),
          align: 'right',
          render: (b) => <Money value={b.stake} />,
        },
        {
          key: 'valid',
          header: t('statements.validBet'),
          align: 'right',
          render: (b) => <Money value={b.validBet} />,
        },
        {
          key: 'payout',
          header: t('statements.payout'),
          align: 'right',
          render: (b) => <Money value={b.payout} />,
        },
        {
          key: 'entry',
          header: t('statements.stakeEntry'),
          render: (b) => <span className="bo-mono">{b.stakeEntryId ? `#${b.stakeEntryId}` : '—'}</span>,
        },
      ]}
    />
  );
}
