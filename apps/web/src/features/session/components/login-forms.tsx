import type { LoginRequest, LoginResult } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TabList } from '../../../components/ui/tab-list';
import { isModuleOn, useBrand } from '../../../lib/brand';
import { LoginPasswordForm } from './login-password-form';
import { LoginSmsForm } from './login-sms-form';

type Method = 'username' | 'sms';

interface LoginFormsProps {
  /** The login call; the site's by default, the agent page passes the agent login. */
  submit?: (body: LoginRequest) => Promise<LoginResult>;
  /** What a started session does next; by default what every site login does (useCompleteLogin). */
  onSuccess?: (result: LoginResult) => void;
  /** Prefix of the element ids and test ids, unique on the page ('login' in the header's popup). */
  idPrefix?: string;
  /** Where the SMS form's country-code picker starts. */
  defaultDialingCode: string;
}

/**
 * Every way to log in, with every step a login may ask for: username and password (captcha once
 * the server asks for it, extra verification from a new IP through the verifyLogin popup) and,
 * when MOBILEVERCODELOGIN3 is on, mobile number and SMS code. The header's login popup and the
 * agent page use this one component, so neither can lack a step the other has.
 */
export function LoginForms({ submit, onSuccess, idPrefix = 'login', defaultDialingCode }: LoginFormsProps) {
  const { t } = useTranslation();
  const brand = useBrand();
  const smsLogin = isModuleOn(brand.whitelabel, 'MOBILEVERCODELOGIN3');
  const [method, setMethod] = useState<Method>('username');
  const panelId = `${idPrefix}-panel`;
  return (
    <>
      {smsLogin && (
        <TabList<Method>
          label={t('auth.login.methods')}
          panelId={panelId}
          value={method}
          onChange={setMethod}
          tabs={[
            { value: 'username', label: t('auth.login.byUsername') },
            { value: 'sms', label: t('auth.login.bySms') },
          ]}
        />
      )}
      <div
        id={panelId}
        role={smsLogin ? 'tabpanel' : undefined}
        aria-labelledby={smsLogin ? `${panelId}-tab-${method}` : undefined}
      >
        {method === 'sms' && smsLogin ? (
          <LoginSmsForm
            defaultDialingCode={defaultDialingCode}
            submit={submit}
            onSuccess={onSuccess}
            idPrefix={idPrefix}
          />
        ) : (
          <LoginPasswordForm submit={submit} onSuccess={onSuccess} idPrefix={idPrefix} />
        )}
      </div>
    </>
  );
}
