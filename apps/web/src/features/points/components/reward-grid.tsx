import { POINT_REWARD_KINDS, type PointReward, type PointRewardKind } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/ui/query-state';
import { TabList } from '../../../components/ui/tab-list';
import { mediaUrl, useBrand } from '../../../lib/brand';
import { showMoney } from '../../../lib/money';
import { usePointRewards } from '../api/get-point-rewards';
import { showPoints } from '../points-format';

type Filter = 'ALL' | PointRewardKind;

function RewardCard({
  reward,
  symbol,
  onRedeem,
}: {
  reward: PointReward;
  symbol: string;
  onRedeem: (reward: PointReward) => void;
}) {
  const { t } = useTranslation('points');
  const brand = useBrand();
  const soldOut = reward.stock === 0;
  const titleId = `reward-${reward.id}-name`;
  return (
    <li className="pm-reward" data-testid="reward-card" data-reward={reward.id} aria-labelledby={titleId}>
      <div className="pm-reward-art">
        <img src={mediaUrl(brand, reward.imageUrl)} alt="" width={320} height={240} loading="lazy" />
        <span className={`pm-kind pm-kind-${reward.kind.toLowerCase()}`}>
          {t(`rewards.kind.${reward.kind}`)}
        </span>
      </div>
      <div className="pm-reward-body">
        <h3 id={titleId} className="pm-reward-name">
          {reward.name}
        </h3>
        <p className="pm-reward-desc">{reward.description}</p>
        {reward.bonusAmount !== null && reward.turnoverRequired > 0 && (
          <p className="pm-reward-desc">
            {t('rewards.turnover', { amount: showMoney(reward.turnoverRequired, symbol) })}
          </p>
        )}
        <div className="pm-reward-foot">
          <div>
            <strong className="pm-cost" data-testid="reward-cost">
              {t('rewards.cost', { points: showPoints(reward.cost) })}
            </strong>
            <span className={soldOut ? 'pm-stock pm-stock-out' : 'pm-stock'} data-testid="reward-stock">
              {soldOut
                ? t('rewards.soldOut')
                : reward.stock === null
                  ? t('rewards.unlimited')
                  : t('rewards.stock', { n: reward.stock })}
            </span>
          </div>
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={soldOut}
            onClick={() => onRedeem(reward)}
            data-testid="reward-redeem"
            aria-describedby={titleId}
          >
            {t('rewards.redeem')}
          </button>
        </div>
      </div>
    </li>
  );
}

/** The catalogue: a card per reward (image, name, cost, stock), filtered by kind; Redeem asks the page. */
export function RewardGrid({ onRedeem }: { onRedeem: (reward: PointReward, symbol: string) => void }) {
  const { t } = useTranslation('points');
  const rewards = usePointRewards();
  const [filter, setFilter] = useState<Filter>('ALL');
  const panelId = 'pm-rewards-panel';
  return (
    <section className="pm-section" aria-labelledby="pm-rewards-title">
      <div className="pm-section-head">
        <h2 id="pm-rewards-title">{t('rewards.title')}</h2>
        <TabList<Filter>
          label={t('rewards.filterLabel')}
          panelId={panelId}
          value={filter}
          onChange={setFilter}
          tabs={(['ALL', ...POINT_REWARD_KINDS] as const).map((value) => ({
            value,
            label: t(`rewards.filter.${value}`),
          }))}
        />
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={`${panelId}-tab-${filter}`}>
        <QueryState query={rewards}>
          {({ list, currencySymbol }) => {
            const shown = list.filter((r) => filter === 'ALL' || r.kind === filter);
            if (shown.length === 0)
              return (
                <p className="state-box" data-testid="rewards-empty">
                  {t('rewards.empty')}
                </p>
              );
            return (
              <ul className="pm-rewards" data-testid="reward-list">
                {shown.map((r) => (
                  <RewardCard
                    key={r.id}
                    reward={r}
                    symbol={currencySymbol}
                    onRedeem={(reward) => onRedeem(reward, currencySymbol)}
                  />
                ))}
              </ul>
            );
          }}
        </QueryState>
      </div>
    </section>
  );
}
