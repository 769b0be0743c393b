import { fromMinor, toMinor } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
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
  formatMoney,
  formatNumber,
  useToast,
  type Column,
  ConfirmDialog,
} from '../../ui';
import { dayEnd, dayStart, usePaged } from '../players/paged';
import { FilterBar, PeriodSearchFields, PlayerLink, StateBadge, useRefreshQueues } from './common';
import {
  WITHDRAWAL_FILTER_STATES,
  type WithdrawalDecision,
  type WithdrawalRisk,
  type WithdrawalRow,
} from './types';
import { ALL, useUrlFilters } from './url-filters';

const KEYS = ['status', 'from', 'to', 'q'] as const;
const PAGE_SIZE = 50;
/** Accounts younger than this many days are flagged. */
const NEW_ACCOUNT_DAYS = 7;
/** Depositing less than this share of what is withdrawn (30 days) is flagged. */
const LOW_DEPOSIT_RATIO = 0.5;

export function WithdrawalsPage() {
  const { t } = useTranslation('cashier');
  const { can } = useSession();
  const f = useUrlFilters(KEYS, { status: 'PENDING' });
  const [deciding, setDeciding] = useState<{ row: WithdrawalRow; approve: boolean } | null>(null);
  const live = useLiveQueue('withdrawals', ['bo', '/withdrawals']);
  const list = usePaged<WithdrawalRow>('/withdrawals', {
    status: f.value('status'),
    from: dayStart(f.value('from')),
    to: dayEnd(f.value('to')),
    q: f.value('q').trim(),
    page: f.page,
    pageSize: PAGE_SIZE,
  });
  const mayDecide = can('cashier.withdrawals.decide');
  const set = (k: (typeof KEYS)[number]) => (e: { target: { value: string } }) =>
    f.setDraft({ ...f.draft, [k]: e.target.value });

  const columns: Column<WithdrawalRow>[] = [
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
          {r.paid > 0 && r.paid !== r.amount && (
            <div className="bo-muted">
              {t('col.paid')} <Money value={r.paid} />
            </div>
          )}
        </>
      ),
    },
    {
      key: 'account',
      header: t('col.payoutAccount'),
      render: (r) => (
        <>
          {r.payoutAccount.bank}
          <div className="bo-mono">{r.payoutAccount.numberMasked}</div>
          <div className="bo-muted">{r.payoutAccount.holder}</div>
        </>
      ),
    },
    { key: 'risk', header: t('col.risk'), render: (r) => <RiskBadges risk={r.risk} /> },
    {
      key: 'status',
      header: t('col.status'),
      render: (r) => (
        <span className="bo-badges">
          <StateBadge state={r.status} />
          {r.approval?.state === 'PENDING' && <Badge tone="info">{t('awaitingSecond')}</Badge>}
          {r.approval?.state === 'PENDING' && (
            <span className="bo-muted">{t('requestedBy', { name: r.approval.requestedBy })}</span>
          )}
          {r.providerPayout && <ProviderPayoutBadge payout={r.providerPayout} />}
          {r.kycWait && (
            <Link to={`/players/${encodeURIComponent(r.memberId)}?tab=kyc`}>
              <Badge tone="warning">{t('kycWait')}</Badge>
            </Link>
          )}
        </span>
      ),
    },
    { key: 'created', header: t('col.createdAt'), render: (r) => <DateTime value={r.createdAt} /> },
  ];
  if (mayDecide)
    columns.push({
      key: 'actions',
      header: t('col.actions'),
      render: (r) =>
        // A payment on its way through the provider is settled by the provider's word, not here.
        (r.status === 'PENDING' || r.status === 'PARTIAL') &&
        r.approval?.state !== 'PENDING' &&
        r.providerPayout?.state !== 'IN_FLIGHT' ? (
          <span className="bo-row-actions">
            {/* Held for the member's identity verification: the server refuses a payment too. */}
            {!r.kycWait && (
              <Button size="sm" variant="primary" onClick={() => setDeciding({ row: r, approve: true })}>
                {t('payButton')}
              </Button>
            )}
            <Button size="sm" variant="danger" onClick={() => setDeciding({ row: r, approve: false })}>
              {t('reject')}
            </Button>
          </span>
        ) : null,
    });

  return (
    <>
      <PageHeader
        title={t('withdrawals')}
        subtitle={t('withdrawalsHint')}
        actions={<LiveBadge live={live} />}
      />
      <FilterBar onSubmit={() => f.apply(f.draft)} onReset={f.reset}>
        <Field label={t('col.status')}>
          <select value={f.draft.status} onChange={set('status')}>
            <option value={ALL}>{t('filter.all')}</option>
            {WITHDRAWAL_FILTER_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`state.${s}`)}
              </option>
            ))}
          </select>
        </Field>
        <PeriodSearchFields draft={f.draft} set={set} />
      </FilterBar>
      <PagedTable
        query={list}
        columns={columns}
        rowKey={(r) => r.id}
        empty={t('emptyWithdrawals')}
        page={f.page}
        onPage={f.setPage}
      />
      {deciding &&
        (deciding.approve ? (
          <PayDialog row={deciding.row} onClose={() => setDeciding(null)} />
        ) : (
          <RejectDialog row={deciding.row} onClose={() => setDeciding(null)} />
        ))}
    </>
  );
}

const PAYOUT_TONE = {
  IN_FLIGHT: 'info',
  SUCCEEDED: 'success',
  FAILED: 'danger',
  REVERSED: 'warning',
} as const;

/** The last payment sent through a payment provider: our state, the provider's status and failure code. */
export function ProviderPayoutBadge({ payout }: { payout: NonNullable<WithdrawalRow['providerPayout']> }) {
  const { t } = useTranslation('cashier');
  const provider = payout.provider.charAt(0) + payout.provider.slice(1).toLowerCase();
  return (
    <>
      <Badge tone={PAYOUT_TONE[payout.state]}>
        {t(`providerPayout.state.${payout.state}`, { provider, status: payout.providerStatus ?? '…' })}
      </Badge>
      {payout.failureCode && (
        <span className="bo-muted bo-mono">
          {t('providerPayout.failureCode', { code: payout.failureCode })}
        </span>
      )}
    </>
  );
}

/** The risk signals as badges: red or amber where a reviewer should look twice, green where clear. */
export function RiskBadges({ risk }: { risk: WithdrawalRisk }) {
  const { t } = useTranslation('cashier');
  const ratio = risk.depositToWithdrawal30d;
  return (
    <span className="bo-badges bo-risk">
      {risk.turnoverMet ? (
        <Badge tone="success">{t('risk.turnoverMet')}</Badge>
      ) : (
        <Badge tone="danger">{t('risk.turnoverLeft', { amount: formatMoney(risk.turnoverLeft) })}</Badge>
      )}
      <Badge tone={risk.accountAgeDays < NEW_ACCOUNT_DAYS ? 'warning' : 'neutral'}>
        {t('risk.age', { count: risk.accountAgeDays })}
      </Badge>
      <Badge tone={risk.linkedAccounts > 0 ? 'warning' : 'neutral'}>
        {t('risk.linked', { count: risk.linkedAccounts })}
      </Badge>
      <Badge tone={ratio !== null && ratio < LOW_DEPOSIT_RATIO ? 'warning' : 'neutral'}>
        {ratio === null
          ? t('risk.ratioNone')
          : t('risk.ratio', { ratio: formatNumber(Math.round(ratio * 100) / 100) })}
      </Badge>
      {risk.firstToThisPayoutAccount && <Badge tone="warning">{t('risk.firstPayout')}</Badge>}
    </span>
  );
}

function PayDialog({ row, onClose }: { row: WithdrawalRow; onClose(): void }) {
  const { t } = useTranslation('cashier');
  const toast = useToast();
  const refresh = useRefreshQueues();
  const [key] = useState(newIdempotencyKey);
  // What is still held: a partly paid request can be paid further up to the rest.
  const restMinor = (toMinor(row.amount) ?? 0n) - (toMinor(row.paid) ?? 0n);
  const rest = fromMinor(restMinor);
  const [amount, setAmount] = useState(rest.toFixed(2));
  const minor = toMinor(amount);
  const invalid =
    minor === null || minor === 0n || minor > restMinor
      ? t('pay.amountInvalid', { max: formatMoney(rest) })
      : null;
  const partial = minor !== null && minor < restMinor;
  return (
    <ConfirmDialog
      open
      title={t('pay.title', { orderNo: row.orderNo })}
      message={t('pay.message', { username: row.username })}
      requireReason={partial}
      invalid={invalid}
      confirmLabel={partial ? t('pay.partial') : t('pay.full')}
      onClose={onClose}
      onConfirm={async (reason) => {
        // The amount travels as typed (text): the server reads it in minor units, never as a float.
        const r = await api.post<WithdrawalDecision>(
          `/withdrawals/${encodeURIComponent(row.id)}/approve`,
          partial ? { amount: amount.trim(), reason } : {},
          { idempotencyKey: key },
        );
        toast(
          t(`pay.result.${r.state}`),
          r.state === 'PAID' || r.state === 'PARTLY_PAID' ? 'success' : 'info',
        );
        await refresh();
      }}
      amount={rest}
    >
      <RiskBadges risk={row.risk} />
      <Field label={t('pay.amount')} hint={t('pay.amountHint')}>
        <input inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
      </Field>
    </ConfirmDialog>
  );
}

function RejectDialog({ row, onClose }: { row: WithdrawalRow; onClose(): void }) {
  const { t } = useTranslation('cashier');
  const toast = useToast();
  const refresh = useRefreshQueues();
  const [key] = useState(newIdempotencyKey);
  return (
    <ConfirmDialog
      open
      requireReason
      title={t('rejectWithdrawal', { orderNo: row.orderNo })}
      message={t('rejectWithdrawalMessage', { username: row.username })}
      danger
      confirmLabel={t('reject')}
      onClose={onClose}
      onConfirm={async (reason) => {
        await api.post(
          `/withdrawals/${encodeURIComponent(row.id)}/reject`,
          { reason },
          { idempotencyKey: key },
        );
        toast(t('withdrawalRejected', { orderNo: row.orderNo }));
        await refresh();
      }}
      amount={row.amount}
    />
  );
}
