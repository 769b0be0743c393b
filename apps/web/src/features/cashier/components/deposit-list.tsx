import type { Deposit, DepositState } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../components/ui/paged-table';
import { QueryState } from '../../../components/ui/query-state';
import { useBrand } from '../../../lib/brand';
import { showMoney } from '../../../lib/money';
import { QUERY_ROOTS } from '../../../lib/query-keys';
import { formatInZone } from '../../../lib/zoned-time';
import { useDeposits } from '../api/get-deposits';
import { StateBadge, type Tone } from './state-badge';
import { StoredImages } from './stored-images';

const TONE: Record<DepositState, Tone> = {
  PENDING: 'wait',
  APPROVED: 'ok',
  ARRIVED: 'ok',
  REJECTED: 'bad',
  FAILED: 'bad',
};

function DepositRows({
  list,
  symbol,
  onOpen,
}: {
  list: Deposit[];
  symbol: string;
  onOpen?: (d: Deposit) => void;
}) {
  const { t } = useTranslation();
  const brand = useBrand();
  const cols = {
    time: t('cashierCommon.time'),
    order: t('cashierCommon.orderNo'),
    channel: t('cashier.deposit.channel'),
    amount: t('cashierCommon.amountLabel'),
    credit: t('cashier.deposit.credit'),
    status: t('cashierCommon.status'),
  };
  return (
    <table className="sec-table mc-table" data-testid="deposit-list">
      <thead>
        <tr>
          <th scope="col">{cols.time}</th>
          <th scope="col">{cols.channel}</th>
          <th scope="col" className="mc-num">
            {cols.amount}
          </th>
          <th scope="col" className="mc-num">
            {cols.credit}
          </th>
          <th scope="col">{cols.status}</th>
        </tr>
      </thead>
      <tbody>
        {list.map((d) => (
          <tr key={d.id} data-testid="deposit-row" data-order={d.orderNo}>
            <td data-label={cols.time}>
              <time dateTime={d.createdTime}>{formatInZone(d.createdTime, brand.timezone, false)}</time>
              <span className="mc-sub">
                <span className="visually-hidden">{cols.order} </span>
                {d.orderNo}
              </span>
            </td>
            <td data-label={cols.channel}>
              {d.channelName}
              <StoredImages ids={d.imageIds} label={t('cashier.deposit.receipts')} />
            </td>
            <td data-label={cols.amount} className="mc-num">
              {showMoney(d.amount, symbol)}
              {d.fee > 0 && (
                <span className="mc-sub">
                  {t('cashier.deposit.feeShort', { fee: showMoney(d.fee, symbol) })}
                </span>
              )}
            </td>
            <td data-label={cols.credit} className="mc-num">
              {showMoney(d.creditAmount, symbol)}
            </td>
            <td data-label={cols.status}>
              <span className="mc-state-cell">
                <StateBadge
                  tone={TONE[d.status]}
                  text={t(`cashier.depositStatus.${d.status}`)}
                  testId="deposit-status"
                />
                {d.status === 'PENDING' && d.kind === 'ONLINE' && d.payUrl && (
                  <a className="mc-link" href={d.payUrl}>
                    {t('cashier.deposit.continuePayment')}
                  </a>
                )}
                {d.status === 'PENDING' && d.kind === 'ONLINE' && !d.payUrl && d.payAction && onOpen && (
                  <button
                    type="button"
                    className="btn btn-sm mc-link"
                    onClick={() => onOpen(d)}
                    data-testid="deposit-continue"
                  >
                    {t('cashier.deposit.continuePayment')}
                  </button>
                )}
                {d.rejectReason && (d.status === 'REJECTED' || d.status === 'FAILED') && (
                  <span className="mc-sub mc-reason">
                    {t('cashierCommon.reason', { reason: d.rejectReason })}
                  </span>
                )}
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Recent deposits, newest first, with their state; refreshed while an online payment is open. */
export function DepositList({ symbol, onOpen }: { symbol: string; onOpen?: (d: Deposit) => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const deposits = useDeposits(page);

  // A deposit that settled since the last look changed the balance too.
  const settled = deposits.data?.list
    .filter((d) => d.status !== 'PENDING')
    .map((d) => d.id)
    .join(',');
  const previous = useRef(settled);
  useEffect(() => {
    if (settled === undefined) return;
    if (previous.current !== undefined && previous.current !== settled)
      void qc.invalidateQueries({ queryKey: [QUERY_ROOTS.wallet] });
    previous.current = settled;
  }, [settled, qc]);

  return (
    <section className="sec-card" aria-labelledby="deposit-list-title">
      <header className="sec-card-head">
        <h4 id="deposit-list-title">{t('cashier.deposit.recent')}</h4>
      </header>
      <QueryState query={deposits}>
        {({ list, totalPages }) => (
          <PagedTable
            count={list.length}
            empty={t('cashier.deposit.empty')}
            emptyTestId="deposit-empty"
            busy={deposits.isPlaceholderData}
            page={page}
            totalPages={totalPages}
            onPage={setPage}
            label={t('cashier.deposit.pages')}
          >
            <DepositRows list={list} symbol={symbol} onOpen={onOpen} />
          </PagedTable>
        )}
      </QueryState>
    </section>
  );
}
