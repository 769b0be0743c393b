import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Modal } from '../../../components/ui/modal';
import { isModuleOn, useBrand } from '../../../lib/brand';
import { useAffiliateCheck } from '../api/check-affiliate';
import { planRegisterForm, type RegisterMode } from '../register-plan';
import type { AuthKit } from './auth-kit';
import { RegisterForm } from './register-form';

export interface RegisterModalProps {
  kit: AuthKit;
  onClose: () => void;
  onLogin: () => void;
  /** The first banner of group w_register, shown at the top. */
  banner?: { src: string; alt: string } | null;
  /** The visitor's country (permission call), where the country-code picker starts. */
  visitorCountry: string | null;
}

/**
 * Register popup `registerModal` (SPEC section 2): type tabs when both username and mobile
 * registration are on (mobile first then), fields from the brand's rules, the affiliate code
 * from the URL when it checks out (else its field), referralCode from the query string.
 */
export function RegisterModal({ kit, onClose, onLogin, banner, visitorCountry }: RegisterModalProps) {
  const { t } = useTranslation();
  const brand = useBrand();
  const [params] = useSearchParams();
  const byUsername = isModuleOn(brand.whitelabel, 'USERNAMEREG3');
  const byMobile = isModuleOn(brand.whitelabel, 'MOBILENUMREG3');
  const [mode, setMode] = useState<RegisterMode>(byMobile ? 'mobile' : 'username');
  const panelId = 'register-panel';

  const urlCode = params.get('affiliateCode') ?? params.get('code');
  const referralCode = params.get('referralCode');
  const affiliate = useAffiliateCheck(urlCode);
  const urlCodeValid = !!urlCode && affiliate.data?.valid === true;
  const urlCodeFailed = !!urlCode && (affiliate.isError || affiliate.data?.valid === false);

  const plan = useMemo(
    () =>
      planRegisterForm(brand.register, {
        mode,
        smsVerification: isModuleOn(brand.whitelabel, 'REGMOBVERF3'),
        affiliateField: !urlCode || urlCodeFailed,
      }),
    [brand, mode, urlCode, urlCodeFailed],
  );
  const defaultDialingCode = kit.initialDialingCode({ visitorCountry, timezone: brand.timezone });

  return (
    <Modal
      id="registerModal"
      title={t('auth.register.title')}
      open
      onClose={onClose}
      closeLabel={t('common.close')}
    >
      {banner && (
        <img className="register-banner" src={banner.src} alt={banner.alt} width={1200} height={400} />
      )}
      {byUsername && byMobile && (
        <kit.TabList<RegisterMode>
          label={t('auth.register.types')}
          panelId={panelId}
          value={mode}
          onChange={setMode}
          tabs={[
            { value: 'mobile', label: t('auth.register.byMobile') },
            { value: 'username', label: t('auth.register.byUsername') },
          ]}
        />
      )}
      {urlCodeFailed && (
        <p className="form-warning" role="alert" data-testid="invitation-code-error">
          {t('auth.register.invitationCodeError')}
        </p>
      )}
      {urlCode && affiliate.isPending ? (
        <div className="skeleton-block" aria-busy="true" />
      ) : (
        <RegisterForm
          key={mode}
          kit={kit}
          mode={mode}
          plan={plan}
          urlAffiliateCode={urlCodeValid ? urlCode : null}
          referralCode={referralCode}
          defaultDialingCode={defaultDialingCode}
          panelId={panelId}
          tabbed={byUsername && byMobile}
        />
      )}
      <p className="auth-links center">
        {t('auth.register.haveAccount')}{' '}
        <button type="button" className="link-btn strong" onClick={onLogin} data-testid="login-link">
          {t('auth.register.login')}
        </button>
      </p>
    </Modal>
  );
}
