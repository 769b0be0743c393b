import type { RedeemState, Redemption } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../components/ui/paged-table';
import { QueryState } from '../../../components/ui/query-state';
import { TabList } from '../../../components/ui/tab-list';
import { mediaUrl, useBrand } from '../../../lib/brand';
import { showMoney } from '../../../lib/money';
import { formatInZone } from '../../../lib/zoned-time';
import { usePointHistory } from '../api/get-point-history';
import { useRedemptions } from '../api/get-redemptions';
import { showPoints } from '../points-format';

/** How a redeem state reads at a glance; the badge always says it in words too. */
const TONE: Record<RedeemState, 'wait' | 'ok' | 'bad'> = {
  IN_PROCESS: 'wait',
  APPROVED: 'ok',
  REJECTED: 'bad',
};

function RedemptionItem({ r, symbol }: { r: Redemption; symbol: string }) {
  const { t } = useTranslation('points');
  const brand = useBrand();
  return (
    <li className="pm-item" data-testid="redemption" data-state={r.state}>
      <img
        className="pm-item-art"
        src={mediaUrl(brand, r.imageUrl)}
        alt=""
        width={64}
        height={48}
        loading="lazy"
      />
      <div className="pm-item-main">
        <p className="pm-item-title">
          <span data-testid="redemption-name">{r.rewardName}</span>
          <span className={`mc-badge mc-badge-${TONE[r.state]}`} data-testid="redemption-state">
            {t(`redemptions.state.${r.state}`)}
          </span>
        </p>
        <p className="pm-item-sub">
          <time dateTime={r.createdTime}>{formatInZone(r.createdTime, brand.timezone, false)}</time>
          {' · '}
          <span data-testid="redemption-cost">{t('rewards.cost', { points: showPoints(r.cost) })}</span>
          {r.bonusAmount !== null &&
            ` · ${t('redemptions.bonus', { amount: showMoney(r.bonusAmount, symbol) })}`}
        </p>
        {r.remark && <p className="pm-item-sub">{t('redemptions.note', { remark: r.remark })}</p>}
        {r.state === 'REJECTED' && r.reason && (
          <p className="pm-item-sub pm-item-reason">{t('redemptions.reason', { reason: r.reason })}</p>
        )}
      </div>
    </li>
  );
}

function Redemptions({ symbol }: { symbol: string }) {
  const { t } = useTranslation('points');
  const [page, setPage] = useState(1);
  const query = useRedemptions(page);
  return (
    <QueryState query={query}>
      {(data) => (
        <PagedTable
          count={data.list.length}
          empty={t('redemptions.empty')}
          emptyTestId="redemptions-empty"
          busy={query.isPlaceholderData}
          page={page}
          totalPages={data.totalPages}
          onPage={setPage}
          label={t('redemptions.pages')}
          wrap={false}
        >
          <ul
            className={query.isPlaceholderData ? 'pm-items is-loading' : 'pm-items'}
            data-testid="redemption-list"
          >
            {data.list.map((r) => (
              <RedemptionItem key={r.id} r={r} symbol={symbol} />
            ))}
          </ul>
        </PagedTable>
      )}
    </QueryState>
  );
}

function History({ symbol }: { symbol: string }) {
  const { t } = useTranslation('points');
  const brand = useBrand();
  const [page, setPage] = useState(1);
  const query = usePointHistory(page);
  return (
    <QueryState query={query}>
      {(data) => (
        <PagedTable
          count={data.list.length}
          empty={t('history.empty')}
          emptyTestId="history-empty"
          busy={query.isPlaceholderData}
          page={page}
          totalPages={data.totalPages}
          onPage={setPage}
          label={t('history.pages')}
          wrap={false}
        >
          <ul
            className={query.isPlaceholderData ? 'pm-items is-loading' : 'pm-items'}
            data-testid="history-list"
          >
            {data.list.map((e) => {
              const detail =
                e.kind === 'EARN' && e.day
                  ? t('history.earnDay', { day: e.day })
                  : e.reward
                    ? e.reward
                    : e.kind === 'CONVERT' && e.amount !== null
                      ? t('history.amount', { amount: showMoney(e.amount, symbol) })
                      : '';
              return (
                <li key={e.id} className="pm-item" data-testid="history-entry" data-kind={e.kind}>
                  <div className="pm-item-main">
                    <p className="pm-item-title">
                      <span>{t(`history.kind.${e.kind}`)}</span>
                      <strong
                        className={e.points > 0 ? 'pm-delta pm-delta-in' : 'pm-delta pm-delta-out'}
                        data-testid="history-points"
                      >
                        {e.points > 0 ? '+' : '\u2212'}
                        {showPoints(Math.abs(e.points))}
                      </strong>
                    </p>
                    <p className="pm-item-sub">
                      <time dateTime={e.time}>{formatInZone(e.time, brand.timezone, false)}</time>
                      {detail && ` · ${detail}`}
                      {' · '}
                      {t('history.after', { points: showPoints(e.balanceAfter) })}
                    </p>
                  </div>
                </li>
              );
            })}
          </ul>
        </PagedTable>
      )}
    </QueryState>
  );
}

type Tab = 'redemptions' | 'history';

/** The member's redemptions (with their states) and points history, as two tabs. */
export function PointsActivity({ symbol }: { symbol: string }) {
  const { t } = useTranslation('points');
  const [tab, setTab] = useState<Tab>('redemptions');
  const panelId = 'pm-activity-panel';
  return (
    <section className="sec-card pm-activity" aria-labelledby="pm-activity-title">
      <header className="sec-card-head pm-activity-head">
        <h2 id="pm-activity-title" className="pm-card-title">
          {t('tabs.label')}
        </h2>
        <TabList<Tab>
          label={t('tabs.label')}
          panelId={panelId}
          value={tab}
          onChange={setTab}
          tabs={[
            { value: 'redemptions', label: t('tabs.redemptions') },
            { value: 'history', label: t('tabs.history') },
          ]}
        />
      </header>
      <div
        id={panelId}
        role="tabpanel"
        aria-labelledby={`${panelId}-tab-${tab}`}
        className="pm-activity-panel"
      >
        {tab === 'redemptions' ? <Redemptions symbol={symbol} /> : <History symbol={symbol} />}
      </div>
    </section>
  );
}
