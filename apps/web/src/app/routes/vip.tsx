import { useTranslation } from 'react-i18next';
import { QueryState } from '../../components/ui/query-state';
import { useVipLevels } from '../../features/vip/api/get-vip-levels';
import { useVipMe } from '../../features/vip/api/get-vip-me';
import { VipJoin } from '../../features/vip/components/vip-join';
import { VipLevelCards } from '../../features/vip/components/vip-level-cards';
import { VipRatesTable } from '../../features/vip/components/vip-rates-table';
import { VipStatus } from '../../features/vip/components/vip-status';
import { CustomerServiceButton } from '../../features/system/components/customer-service-button';
import { useBrand } from '../../lib/brand';
import { isTrial, useSession } from '../../lib/session';
import '../../styles/pages.css';
import '../../styles/vip.css';

/**
 * The VIP page (/vip): a logged-in member's badge and progress to the next level (evaluated by
 * the server as the page opens: a level reached is paid there and then), or a call to log in;
 * then every level of the brand with its thresholds, bonus and benefits, and the rebate rates.
 */
export function VipPage() {
  const { t } = useTranslation('vip');
  const brand = useBrand();
  const token = useSession((s) => s.token);
  const trial = useSession(isTrial);
  const levels = useVipLevels();
  const me = useVipMe();
  const symbol = brand.currencySymbol;
  return (
    <div className="content-page vip-page" data-testid="vip-page">
      <h1>{t('page.title')}</h1>
      <p className="lead">{t('page.lead')}</p>
      {token && !trial ? (
        <QueryState query={me}>
          {(m) => (
            <VipStatus
              me={m}
              symbol={symbol}
              timezone={brand.timezone}
              service={<CustomerServiceButton className="btn btn-sm btn-primary" />}
            />
          )}
        </QueryState>
      ) : (
        <VipJoin trial={trial} />
      )}
      <QueryState query={levels}>
        {({ levels: list, rebate }) =>
          list.length === 0 ? (
            <p className="state-box" data-testid="vip-empty">
              {t('page.empty')}
            </p>
          ) : (
            <>
              <h2 className="vip-section">{t('page.levelsTitle')}</h2>
              <VipLevelCards levels={list} current={me.data?.level ?? null} symbol={symbol} />
              <h2 className="vip-section">{t('page.ratesTitle')}</h2>
              <VipRatesTable levels={list} rule={rebate} symbol={symbol} />
            </>
          )
        }
      </QueryState>
    </div>
  );
}
