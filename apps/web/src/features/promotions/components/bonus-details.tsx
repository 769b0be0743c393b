import {
  BONUS_DETAIL_KINDS,
  PROMO_LIMITS,
  type BonusDetailKind,
  type BonusDetails as Page,
} from '@app/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangePicker, initialRange, type RangeValue } from '../../../components/ui/date-range-picker';
import { PagedTable } from '../../../components/ui/paged-table';
import { QueryState } from '../../../components/ui/query-state';
import { useBrand } from '../../../lib/brand';
import { todayIn } from '../../../lib/days';
import { showMoney } from '../../../lib/money';
import { formatInZone } from '../../../lib/zoned-time';
import '../../../styles/promotions.css';
import { useBonusDetails } from '../api/get-bonus-details';

/** The records' range rules (the server applies the same): at most 31 days, at most 90 days back. */
const LIMITS = { maxDaysBack: 90, maxSpanDays: 31 };
const isKind = (v: string): v is BonusDetailKind => (BONUS_DETAIL_KINDS as readonly string[]).includes(v);
/** Where a bonus came from, as BonusService records it; an unknown one is shown as it is. */
const SOURCES = ['PROMOTION', 'MISSION', 'REBATE', 'POINTS', 'REFERRAL', 'VIP'] as const;
const isSource = (v: string): v is (typeof SOURCES)[number] => (SOURCES as readonly string[]).includes(v);

function BonusTable({ data, symbol }: { data: Page; symbol: string }) {
  const { t } = useTranslation('promo');
  const brand = useBrand();
  const sourceName = (source: string) => (isSource(source) ? t(`bonus.sources.${source}`) : source);
  const cols = {
    time: t('bonus.time'),
    item: t('bonus.item'),
    amount: t('bonus.amount'),
    required: t('bonus.turnoverRequired'),
    left: t('bonus.turnoverLeft'),
  };
  return (
    <table className="sec-table mc-table" data-testid="bonus-list">
      <thead>
        <tr>
          <th scope="col">{cols.time}</th>
          <th scope="col">{cols.item}</th>
          <th scope="col" className="mc-num">
            {cols.amount}
          </th>
          <th scope="col" className="mc-num">
            {cols.required}
          </th>
          <th scope="col" className="mc-num">
            {cols.left}
          </th>
        </tr>
      </thead>
      <tbody>
        {data.list.map((row) => {
          const [day, time] = formatInZone(row.time, brand.timezone).split(' ');
          return (
            <tr key={row.id} data-testid="bonus-row" data-kind={row.kind}>
              <td data-label={cols.time}>
                <time dateTime={row.time} className="mc-time">
                  {day}
                  <span className="mc-sub">{time}</span>
                </time>
              </td>
              <td data-label={cols.item}>
                <span data-testid="bonus-title">{row.title || t(`bonus.kinds.${row.kind}`)}</span>
                <span className="mc-sub">
                  {t(`bonus.kinds.${row.kind}`)} · {sourceName(row.source)}
                </span>
              </td>
              <td data-label={cols.amount} className="mc-num mc-in" data-testid="bonus-amount">
                {showMoney(row.amount, symbol)}
              </td>
              <td data-label={cols.required} className="mc-num">
                {showMoney(row.turnoverRequired, symbol)}
              </td>
              <td data-label={cols.left} className="mc-num" data-testid="bonus-left">
                {showMoney(row.turnoverRemaining, symbol)}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * Bonus details (member centre page `bonusDetails`): the bonuses, rebates and points conversions
 * paid into the member's main wallet in a range of the brand's days, each with the turnover it
 * required and what is still to bet of it, and the turnover to bet before a withdrawal is allowed.
 */
export function BonusDetails() {
  const { t } = useTranslation('promo');
  const brand = useBrand();
  const selectId = useId();
  const today = todayIn(brand.timezone);
  const [range, setRange] = useState<RangeValue>(() => initialRange(today));
  const [kind, setKind] = useState<BonusDetailKind | ''>('');
  const [page, setPage] = useState(1);
  const details = useBonusDetails({
    startTime: range.startTime,
    endTime: range.endTime,
    kind: kind || undefined,
    pageNo: page,
    pageSize: PROMO_LIMITS.recordsPageSize,
  });
  const symbol = brand.currencySymbol;

  return (
    <div className="sec-page" data-testid="bonus-details">
      <h3 className="sec-page-title">{t('bonus.title')}</h3>
      <div className="mc-filters">
        <DateRangePicker
          name="bonus"
          value={range}
          today={today}
          limits={LIMITS}
          onChange={(r) => {
            setRange(r);
            setPage(1);
          }}
        />
        <label className="mc-filter" htmlFor={selectId}>
          <span>{t('bonus.kind')}</span>
          <select
            id={selectId}
            className="mc-select"
            value={kind}
            onChange={(e) => {
              setKind(isKind(e.target.value) ? e.target.value : '');
              setPage(1);
            }}
            data-testid="bonus-kind"
          >
            <option value="">{t('bonus.all')}</option>
            {BONUS_DETAIL_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`bonus.kinds.${k}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <QueryState query={details}>
        {(data) => (
          <>
            <dl className="mc-stats mc-stats-compact" data-testid="bonus-totals">
              <div className="mc-stat">
                <dt>{t('bonus.total')}</dt>
                <dd className="mc-in" data-testid="bonus-total">
                  {showMoney(data.totalAmount, symbol)}
                </dd>
              </div>
              <div className="mc-stat">
                <dt>{t('bonus.remaining')}</dt>
                <dd data-testid="bonus-remaining">{showMoney(data.turnoverRemaining, symbol)}</dd>
              </div>
              <div className="mc-stat">
                <dt>{t('bonus.count')}</dt>
                <dd>{data.totalCount}</dd>
              </div>
            </dl>
            <p className="sec-hint promo-remaining-note">{t('bonus.remainingNote')}</p>
            <PagedTable
              count={data.list.length}
              empty={t('bonus.empty')}
              emptyTestId="bonus-empty"
              busy={details.isPlaceholderData}
              page={page}
              totalPages={data.totalPages}
              onPage={setPage}
              label={t('bonus.pages')}
            >
              <BonusTable data={data} symbol={symbol} />
            </PagedTable>
          </>
        )}
      </QueryState>
    </div>
  );
}
