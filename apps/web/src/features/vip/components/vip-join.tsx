import { useTranslation } from 'react-i18next';
import { isModuleOn, useBrand } from '../../../lib/brand';
import { usePopups } from '../../../lib/popups';
import '../../../styles/vip.css';

/**
 * What a visitor (or a trial account) sees instead of a VIP badge: a call to log in or sign up,
 * or that trial accounts have no level.
 */
export function VipJoin({ trial }: { trial: boolean }) {
  const { t } = useTranslation('vip');
  const brand = useBrand();
  const show = usePopups((s) => s.show);
  if (trial) {
    return (
      <p className="vip-join state-box" data-testid="vip-trial">
        {t('status.trial')}
      </p>
    );
  }
  return (
    <div className="vip-join" data-testid="vip-join">
      <p>{t('status.login')}</p>
      <div className="vip-join-actions">
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => show('login')}
          data-testid="vip-login"
        >
          {t('status.loginButton')}
        </button>
        {isModuleOn(brand.whitelabel, 'DIRECTREG3') && (
          <button type="button" className="btn" onClick={() => show('register')}>
            {t('status.register')}
          </button>
        )}
      </div>
    </div>
  );
}
