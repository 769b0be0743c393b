import type { BET_STATES } from '@app/contracts';
import { CASHIER_LIMITS, GAME_TYPES, type BetRecordList, type GameType } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangePicker } from '../../../components/ui/date-range-picker';
import { PagedTable } from '../../../components/ui/paged-table';
import { QueryState } from '../../../components/ui/query-state';
import { useBrand } from '../../../lib/brand';
import { showMoney, showSigned } from '../../../lib/money';
import { formatInZone } from '../../../lib/zoned-time';
import '../../../styles/cashier.css';
import { useErrorText } from '../../../lib/error-text';
import { useBetRecords } from '../api/get-bet-records';
import { useRoundDetails, useRoundDetailsVendors } from '../api/get-round-details';
import { useRecordRange } from '../hooks/use-record-range';
import { FilterSelect, RecordFilters } from './record-filters';

/** A vendor the filter offers (the caller knows the brand's vendors). */
export interface VendorOption {
  vendor: string;
  name: string;
  gameType: GameType;
}

type BetState = (typeof BET_STATES)[number];
const isGameType = (v: string): v is GameType => (GAME_TYPES as readonly string[]).includes(v);
const signClass = (v: number) => (v > 0 ? 'mc-in' : v < 0 ? 'mc-out' : '');
const winClass = (v: number) => `mc-num ${signClass(v)}`;
const NO_RESULT = '\u2014';

/**
 * A bet recalled at its vendor: asked when the member wants it, then a link to the vendor's page
 * of the round (a new tab: the vendor's page is its own, with its own frame policy).
 */
function RoundDetailsButton({ vendor, roundId }: { vendor: string; roundId: string }) {
  const { t } = useTranslation('records');
  const errorText = useErrorText();
  const details = useRoundDetails();
  if (details.data)
    return (
      <a
        className="mc-round-link"
        href={details.data.url}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="round-details-link"
      >
        {t('bets.roundDetailsOpen')}
      </a>
    );
  return (
    <>
      <button
        type="button"
        className="mc-round-btn"
        disabled={details.isPending}
        onClick={() => details.mutate({ vendor, roundId })}
        data-testid="round-details"
      >
        {details.isPending ? t('bets.roundDetailsLoading') : t('bets.roundDetails')}
      </button>
      {details.error ? (
        <span className="mc-sub mc-out" role="alert" data-testid="round-details-error">
          {errorText(details.error)}
        </span>
      ) : null}
    </>
  );
}

function BetTable({ data, symbol }: { data: BetRecordList; symbol: string }) {
  const { t } = useTranslation('records');
  const brand = useBrand();
  const recallable = new Set(useRoundDetailsVendors().data ?? []);
  const cols = {
    time: t('bets.betTime'),
    game: t('bets.game'),
    stake: t('bets.stake'),
    valid: t('bets.validBet'),
    payout: t('bets.payout'),
    win: t('bets.winLoss'),
    status: t('cashierCommon.status'),
  };
  const state = (s: BetState) => t(`bets.states.${s}`);
  return (
    <table className="sec-table mc-table" data-testid="bet-list">
      <thead>
        <tr>
          <th scope="col">{cols.time}</th>
          <th scope="col">{cols.game}</th>
          <th scope="col" className="mc-num">
            {cols.stake}
          </th>
          <th scope="col" className="mc-num">
            {cols.valid}
          </th>
          <th scope="col" className="mc-num">
            {cols.payout}
          </th>
          <th scope="col" className="mc-num">
            {cols.win}
          </th>
          <th scope="col">{cols.status}</th>
        </tr>
      </thead>
      <tbody>
        {data.list.map((b) => (
          <tr key={b.id} data-testid="bet-row">
            <td data-label={cols.time} className="mc-when">
              <time dateTime={b.betTime}>{formatInZone(b.betTime, brand.timezone)}</time>
            </td>
            <td data-label={cols.game} className="mc-game">
              <span>{b.gameName}</span>
              <span className="mc-sub">
                {b.vendor} · {t(`categories.${b.gameType}`, { defaultValue: b.gameType })} · {b.roundId}
              </span>
              {recallable.has(b.vendor) ? <RoundDetailsButton vendor={b.vendor} roundId={b.roundId} /> : null}
            </td>
            <td data-label={cols.stake} className="mc-num">
              {showMoney(b.stake, symbol)}
            </td>
            <td data-label={cols.valid} className="mc-num">
              {showMoney(b.validBet, symbol)}
            </td>
            {/* An open bet has no result yet: nothing to show rather than a made-up 0. */}
            <td data-label={cols.payout} className="mc-num">
              {b.status === 'OPEN' ? NO_RESULT : showMoney(b.payout, symbol)}
            </td>
            <td data-label={cols.win} className={b.status === 'OPEN' ? 'mc-num' : winClass(b.winLoss)}>
              {b.status === 'OPEN' ? NO_RESULT : showSigned(b.winLoss, symbol)}
            </td>
            <td data-label={cols.status}>{state(b.status)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The betting record (member centre page `personalHistoryCopy`): range, game type and vendor
 * filters, the bets page by page (cards on a phone) and the totals of the whole range.
 */
export function BetRecords({ vendors }: { vendors: VendorOption[] }) {
  const { t } = useTranslation('records');
  const brand = useBrand();
  const { range, setRange, today, limits } = useRecordRange();
  const [gameType, setGameType] = useState<GameType | ''>('');
  const [vendor, setVendor] = useState('');
  const [page, setPage] = useState(1);
  const records = useBetRecords({
    startTime: range.startTime,
    endTime: range.endTime,
    gameType: gameType || undefined,
    vendor: vendor || undefined,
    pageNo: page,
    pageSize: CASHIER_LIMITS.recordsPageSize,
  });
  const symbol = brand.currencySymbol;
  const vendorChoices = vendors.filter((v) => !gameType || v.gameType === gameType);
  const vendorNames = [...new Map(vendorChoices.map((v) => [v.vendor, v.name])).entries()];

  return (
    <div className="sec-page" data-testid="bet-records">
      <h3 className="sec-page-title">{t('bets.title')}</h3>
      <RecordFilters>
        <DateRangePicker
          name="bets"
          value={range}
          today={today}
          limits={limits}
          onChange={(r) => {
            setRange(r);
            setPage(1);
          }}
        />
        <FilterSelect
          id="bets-game-type"
          label={t('bets.gameType')}
          value={gameType}
          onChange={(v) => {
            setGameType(isGameType(v) ? v : '');
            setVendor('');
            setPage(1);
          }}
          options={[
            { value: '', label: t('all') },
            ...GAME_TYPES.map((g) => ({ value: g, label: t(`categories.${g}`) })),
          ]}
          testId="bets-game-type"
        />
        <FilterSelect
          id="bets-vendor"
          label={t('bets.vendor')}
          value={vendor}
          onChange={(v) => {
            setVendor(v);
            setPage(1);
          }}
          options={[
            { value: '', label: t('all') },
            ...vendorNames.map(([code, name]) => ({ value: code, label: name })),
          ]}
          testId="bets-vendor"
        />
      </RecordFilters>
      <QueryState query={records}>
        {(data) => (
          <>
            <dl className="mc-stats mc-stats-compact" data-testid="bet-summary">
              <div className="mc-stat">
                <dt>{t('count')}</dt>
                <dd>{data.summary.count}</dd>
              </div>
              <div className="mc-stat">
                <dt>{t('bets.stake')}</dt>
                <dd>{showMoney(data.summary.stake, symbol)}</dd>
              </div>
              <div className="mc-stat">
                <dt>{t('bets.validBet')}</dt>
                <dd>{showMoney(data.summary.validBet, symbol)}</dd>
              </div>
              <div className="mc-stat">
                <dt>{t('bets.payout')}</dt>
                <dd>{showMoney(data.summary.payout, symbol)}</dd>
              </div>
              <div className="mc-stat">
                <dt>{t('bets.winLoss')}</dt>
                <dd className={signClass(data.summary.winLoss)}>
                  {showSigned(data.summary.winLoss, symbol)}
                </dd>
              </div>
            </dl>
            <PagedTable
              count={data.list.length}
              empty={t('bets.empty')}
              emptyTestId="bet-empty"
              busy={records.isPlaceholderData}
              page={page}
              totalPages={data.totalPages}
              onPage={setPage}
              label={t('pages')}
            >
              <BetTable data={data} symbol={symbol} />
            </PagedTable>
          </>
        )}
      </QueryState>
    </div>
  );
}
