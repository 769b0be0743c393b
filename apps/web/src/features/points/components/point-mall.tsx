import type { PointConfig, PointReward } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/ui/query-state';
import { showMoney } from '../../../lib/money';
import { usePopups } from '../../../lib/popups';
import { isTrial, useSession } from '../../../lib/session';
import '../../../styles/security.css';
import '../../../styles/cashier.css';
import '../../../styles/points.css';
import { usePointBalance } from '../api/get-point-balance';
import { usePointConfig } from '../api/get-point-config';
import { useGuard } from '../../../lib/use-guard';
import { showPoints } from '../points-format';
import { ConvertPanel } from './convert-panel';
import { PointsActivity } from './points-activity';
import { RedeemDialog } from './redeem-dialog';
import { RewardGrid } from './reward-grid';

/** My points (a member), or what a visitor or trial account needs to do to have some. */
function BalanceCard() {
  const { t } = useTranslation('points');
  const token = useSession((s) => s.token);
  const trial = useSession(isTrial);
  const show = usePopups((s) => s.show);
  const balance = usePointBalance();
  if (!token || trial) {
    return (
      <section className="pm-balance" aria-labelledby="pm-balance-title" data-testid="points-guest">
        <h2 id="pm-balance-title" className="pm-balance-label">
          {t('balance.label')}
        </h2>
        <p className="pm-balance-note">{trial ? t('balance.trial') : t('balance.loggedOut')}</p>
        {!trial && (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => show('login', { reason: 'loginRequired' })}
            data-testid="points-login"
          >
            {t('balance.login')}
          </button>
        )}
      </section>
    );
  }
  return (
    <section className="pm-balance" aria-labelledby="pm-balance-title" aria-busy={balance.isFetching}>
      <h2 id="pm-balance-title" className="pm-balance-label">
        {t('balance.label')}
      </h2>
      <QueryState query={balance}>
        {(b) => (
          <>
            <p className="pm-balance-value">
              <strong data-testid="points-balance">{showPoints(b.balance)}</strong>
              <span className="pm-balance-unit">{t('balance.unit')}</span>
            </p>
            {b.inProcess > 0 && (
              <p className="pm-balance-note" data-testid="points-in-process">
                {t('balance.inProcess', { n: b.inProcess })}
              </p>
            )}
            <p className="pm-balance-note">{t('earn.never')}</p>
          </>
        )}
      </QueryState>
    </section>
  );
}

/** How points are earned: the brand's rates per game type and per deposit. */
function EarnRules({ config }: { config: PointConfig }) {
  const { t } = useTranslation('points');
  const { t: tc } = useTranslation();
  const unit = showMoney(1, config.currencySymbol);
  return (
    <section className="sec-card pm-earn" aria-labelledby="pm-earn-title" data-testid="earn-rules">
      <header className="sec-card-head">
        <h2 id="pm-earn-title" className="pm-card-title">
          {t('earn.title')}
        </h2>
      </header>
      {!config.earningEnabled || (config.turnoverRates.length === 0 && config.depositRate === 0) ? (
        <p className="sec-desc">{t('earn.none')}</p>
      ) : (
        <>
          <ul className="pm-rates">
            {config.turnoverRates.map((r) => (
              <li key={r.gameType}>
                <span>{tc(`categories.${r.gameType}`)}</span>
                <strong>{t('earn.rate', { points: showPoints(r.points), amount: unit })}</strong>
              </li>
            ))}
            {config.depositRate > 0 && (
              <li>
                <span>{t('earn.deposit')}</span>
                <strong>
                  {t('earn.depositRate', { points: showPoints(config.depositRate), amount: unit })}
                </strong>
              </li>
            )}
          </ul>
          <p className="sec-hint">{t('earn.daily')}</p>
        </>
      )}
    </section>
  );
}

/**
 * The points mall (/pointMall): my points, how to earn them, the rewards with their cost and stock
 * (Redeem opens a confirmation with the payment password; visitors get the login popup, trial
 * accounts the real-account warning), the conversion to cash, and my redemptions and history.
 */
export function PointMall() {
  const { t } = useTranslation('points');
  const token = useSession((s) => s.token);
  const trial = useSession(isTrial);
  const member = !!token && !trial;
  const guard = useGuard();
  const config = usePointConfig();
  const balance = usePointBalance();
  const [redeeming, setRedeeming] = useState<{ reward: PointReward; symbol: string } | null>(null);
  return (
    <div className="pm-page" data-testid="point-mall">
      <header className="pm-hero">
        <div className="pm-hero-text">
          <h1>{t('title')}</h1>
          <p className="lead">{t('lead')}</p>
        </div>
        <BalanceCard />
      </header>
      <RewardGrid onRedeem={(reward, symbol) => guard(() => setRedeeming({ reward, symbol }))} />
      <div className="pm-columns">
        <QueryState query={config}>
          {(c) => (
            <>
              {member && balance.data && <ConvertPanel config={c} balance={balance.data.balance} />}
              <EarnRules config={c} />
            </>
          )}
        </QueryState>
      </div>
      {member && <PointsActivity symbol={config.data?.currencySymbol ?? ''} />}
      <RedeemDialog
        reward={redeeming?.reward ?? null}
        symbol={redeeming?.symbol ?? ''}
        balance={balance.data?.balance ?? null}
        onClose={() => setRedeeming(null)}
      />
    </div>
  );
}
