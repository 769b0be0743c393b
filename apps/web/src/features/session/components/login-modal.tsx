import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal';
import { isModuleOn, useBrand } from '../../../lib/brand';
import { useFreePlay } from '../api/free-play';
import { initialDialingCode } from '../countries';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { useErrorText } from '../hooks/use-error-text';
import { LoginForms } from './login-forms';

interface LoginModalProps {
  onClose: () => void;
  /** The forgot-password popup (its route is pushed: /forget). */
  onForgot: () => void;
  onRegister: () => void;
  /** Set when the protected-action guard opened the popup. */
  reason?: 'loginRequired';
  /** The visitor's country (permission call), where the country-code picker starts. */
  visitorCountry: string | null;
}

/** The free-play (trial account) button and its failure message. */
function FreePlay() {
  const { t } = useTranslation();
  const freePlay = useFreePlay();
  const complete = useCompleteLogin();
  const errorText = useErrorText();
  return (
    <div className="free-play">
      <button
        type="button"
        className="btn btn-block"
        disabled={freePlay.isPending}
        onClick={() => freePlay.mutate(undefined, { onSuccess: complete })}
        data-testid="free-play"
      >
        {t('auth.login.freePlay')}
      </button>
      {freePlay.isError && (
        <p className="form-error" role="alert">
          {errorText(freePlay.error)}
        </p>
      )}
    </div>
  );
}

/**
 * Login popup `loginPopupModal` (SPEC section 2): username and SMS methods (SMS only when
 * MOBILEVERCODELOGIN3 is on), forgot password, register now (DIRECTREG3) and free play (FREEPLAY).
 * Social sign-in (SOCIALFACEBOOK, SOCIALGOOGLE) needs a provider and a server endpoint that do
 * not exist yet, so nothing is shown for it rather than a button that cannot work.
 */
export function LoginModal({ onClose, onForgot, onRegister, reason, visitorCountry }: LoginModalProps) {
  const { t } = useTranslation();
  const brand = useBrand();
  return (
    <Modal
      id="loginPopupModal"
      title={t('auth.login.title')}
      open
      onClose={onClose}
      closeLabel={t('common.close')}
    >
      {reason === 'loginRequired' && (
        <p className="form-note" role="status" data-testid="login-required">
          {t('auth.login.required')}
        </p>
      )}
      <LoginForms defaultDialingCode={initialDialingCode({ visitorCountry, timezone: brand.timezone })} />
      <div className="auth-links">
        <button type="button" className="link-btn" onClick={onForgot} data-testid="forgot-link">
          {t('auth.login.forgot')}
        </button>
        {isModuleOn(brand.whitelabel, 'DIRECTREG3') && (
          <span>
            {t('auth.login.noAccount')}{' '}
            <button
              type="button"
              className="link-btn strong"
              onClick={onRegister}
              data-testid="register-link"
            >
              {t('auth.login.registerNow')}
            </button>
          </span>
        )}
      </div>
      {isModuleOn(brand.whitelabel, 'FREEPLAY') && (
        <>
          <div className="divider" role="separator">
            <span>{t('auth.login.or')}</span>
          </div>
          <FreePlay />
        </>
      )}
    </Modal>
  );
}
