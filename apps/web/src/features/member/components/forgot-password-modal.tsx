import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Modal } from '../../../components/ui/modal';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { isModuleOn, useBrand } from '../../../lib/brand';
import { usePopups } from '../../../lib/popups';
import { useSession } from '../../../lib/session';
import { useForgotByEmail } from '../api/forgot-by-email';
import { useResetByMobile } from '../api/reset-by-mobile';
import { useSendResetCode } from '../api/send-reset-code';
import { useErrorText } from '../hooks/use-error-text';
import { useRuleText } from '../hooks/use-rule-text';
import {
  EMAIL_FALLBACK,
  MOBILE_FALLBACK,
  PASSWORD_FALLBACK,
  USERNAME_FALLBACK,
  ruleOf,
  ruleSchema,
} from '../rules';
import type { AuthKit } from './auth-kit';

type Method = 'email' | 'mobile';

/** By e-mail: username and e-mail; a temporary password is sent, then a dialog says so. */
function EmailForm({ kit, onDone }: { kit: AuthKit; onDone: () => void }) {
  const { t } = useTranslation();
  const brand = useBrand();
  const { text } = useRuleText();
  const errorText = useErrorText();
  const forgot = useForgotByEmail();
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const { TextField } = kit;

  const schema = useMemo(() => {
    const username = ruleOf(brand.register, 'username', USERNAME_FALLBACK);
    const email = ruleOf(brand.register, 'email', EMAIL_FALLBACK);
    return z.object({
      username: ruleSchema(username, { required: true, message: text(username) }),
      email: ruleSchema(email, { required: true, message: text(email) }),
    });
  }, [brand.register, text]);
  type Values = z.infer<typeof schema>;
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { username: '', email: '' } });

  const onSubmit = handleSubmit(async (v) => {
    setFailure(null);
    try {
      await forgot.mutateAsync(v);
      setSent(true);
    } catch (err) {
      setFailure(errorText(err));
    }
  });

  if (sent) {
    return (
      <div className="auth-done" role="status" data-testid="forgot-email-sent">
        <p>{t('auth.forgot.emailSent')}</p>
        <button type="button" className="btn btn-primary btn-block" onClick={onDone}>
          {t('auth.common.ok')}
        </button>
      </div>
    );
  }
  return (
    <form className="auth-form" onSubmit={(e) => void onSubmit(e)} noValidate data-testid="forgot-email-form">
      <TextField
        id="fg-username"
        label={t('auth.fields.username')}
        required
        error={errors.username?.message}
        inputProps={{
          ...register('username'),
          type: 'text',
          autoComplete: 'username',
          autoCapitalize: 'none',
        }}
      />
      <TextField
        id="fg-email"
        label={t('auth.fields.email')}
        required
        error={errors.email?.message}
        inputProps={{ ...register('email'), type: 'email', autoComplete: 'email' }}
      />
      {failure && (
        <p className="form-error" role="alert" data-testid="forgot-error">
          {failure}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
        {t('auth.forgot.sendPassword')}
      </button>
    </form>
  );
}

/** By mobile: an SMS code, then a new password; the member is logged in and goes home. */
function MobileForm({ kit, defaultDialingCode }: { kit: AuthKit; defaultDialingCode: string }) {
  const { t } = useTranslation();
  const brand = useBrand();
  const { text } = useRuleText();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const signIn = useSession((s) => s.signIn);
  const close = usePopups((s) => s.close);
  const sendCode = useSendResetCode();
  const reset = useResetByMobile();
  const [failure, setFailure] = useState<string | null>(null);
  const { TextField, CountryCodeSelect, SendCodeButton } = kit;
  const passwordRule = useMemo(() => ruleOf(brand.register, 'password', PASSWORD_FALLBACK), [brand.register]);

  const schema = useMemo(() => {
    const mobile = ruleOf(brand.register, 'mobileNum', MOBILE_FALLBACK);
    return z
      .object({
        countryDialingCode: z.string().min(1),
        mobileNum: ruleSchema(mobile, { required: true, message: text(mobile) }),
        verificationCode: z.string().trim().min(1, t('auth.validation.codeRequired')),
        newPassword: ruleSchema(passwordRule, { required: true, message: text(passwordRule), trim: false }),
        confirmPassword: z.string().min(1, t('auth.validation.confirmRequired')),
      })
      .refine((v) => v.newPassword === v.confirmPassword, {
        path: ['confirmPassword'],
        message: t('auth.validation.passwordMismatch'),
      });
  }, [brand.register, passwordRule, text, t]);
  type Values = z.infer<typeof schema>;
  const {
    register,
    control,
    handleSubmit,
    trigger,
    getValues,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      countryDialingCode: defaultDialingCode,
      mobileNum: '',
      verificationCode: '',
      newPassword: '',
      confirmPassword: '',
    },
  });

  const send = async () => {
    setFailure(null);
    if (!(await trigger('mobileNum'))) return null;
    const { countryDialingCode, mobileNum } = getValues();
    return (await sendCode.mutateAsync({ countryDialingCode, mobileNum })).expiredMinutes;
  };

  const onSubmit = handleSubmit(async (v) => {
    setFailure(null);
    try {
      const result = await reset.mutateAsync({
        countryDialingCode: v.countryDialingCode,
        mobileNum: v.mobileNum,
        verificationCode: v.verificationCode,
        newPassword: v.newPassword,
      });
      signIn(result);
      close();
      navigate(paths.home);
    } catch (err) {
      const code = err instanceof ApiError ? err.code : '';
      if (code.startsWith('sms.code'))
        setError('verificationCode', { message: errorText(err) }, { shouldFocus: true });
      else if (code === 'password.rule')
        setError('newPassword', { message: errorText(err) }, { shouldFocus: true });
      else setFailure(errorText(err));
    }
  });

  return (
    <form
      className="auth-form"
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      data-testid="forgot-mobile-form"
    >
      <TextField
        id="fg-mobile"
        label={t('auth.fields.mobileNum')}
        required
        error={errors.mobileNum?.message}
        inputProps={{
          ...register('mobileNum'),
          type: 'tel',
          inputMode: 'numeric',
          autoComplete: 'tel-national',
        }}
        before={
          <Controller
            control={control}
            name="countryDialingCode"
            render={({ field }) => (
              <CountryCodeSelect
                id="fg-country"
                label={t('auth.fields.countryCode')}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
        }
      />
      <TextField
        id="fg-code"
        label={t('auth.fields.verificationCode')}
        required
        error={errors.verificationCode?.message}
        inputProps={{
          ...register('verificationCode'),
          type: 'text',
          inputMode: 'numeric',
          autoComplete: 'one-time-code',
          maxLength: 12,
        }}
        after={
          <SendCodeButton send={send} onError={(err) => setFailure(errorText(err))} testId="fg-send-code" />
        }
      />
      <TextField
        id="fg-new"
        label={t('auth.fields.newPassword')}
        required
        hint={text(passwordRule)}
        error={errors.newPassword?.message}
        inputProps={{ ...register('newPassword'), type: 'password', autoComplete: 'new-password' }}
      />
      <TextField
        id="fg-confirm"
        label={t('auth.fields.confirmNewPassword')}
        required
        error={errors.confirmPassword?.message}
        inputProps={{ ...register('confirmPassword'), type: 'password', autoComplete: 'new-password' }}
      />
      {failure && (
        <p className="form-error" role="alert" data-testid="forgot-error">
          {failure}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
        {t('auth.forgot.reset')}
      </button>
    </form>
  );
}

export interface ForgotPasswordModalProps {
  kit: AuthKit;
  onClose: () => void;
  visitorCountry: string | null;
}

/** Forgot password (route /forget): e-mail and mobile methods; mobile first when CHNGPASSVERIF3 is on. */
export function ForgotPasswordModal({ kit, onClose, visitorCountry }: ForgotPasswordModalProps) {
  const { t } = useTranslation();
  const brand = useBrand();
  const [method, setMethod] = useState<Method>(
    isModuleOn(brand.whitelabel, 'CHNGPASSVERIF3') ? 'mobile' : 'email',
  );
  const panelId = 'forgot-panel';
  const defaultDialingCode = kit.initialDialingCode({ visitorCountry, timezone: brand.timezone });

  return (
    <Modal
      id="forgetPasswordModal"
      title={t('auth.forgot.title')}
      open
      onClose={onClose}
      closeLabel={t('common.close')}
    >
      <kit.TabList<Method>
        label={t('auth.forgot.methods')}
        panelId={panelId}
        value={method}
        onChange={setMethod}
        tabs={[
          { value: 'mobile', label: t('auth.forgot.byMobile') },
          { value: 'email', label: t('auth.forgot.byEmail') },
        ]}
      />
      <div id={panelId} role="tabpanel" aria-labelledby={`${panelId}-tab-${method}`}>
        {method === 'mobile' ? (
          <MobileForm kit={kit} defaultDialingCode={defaultDialingCode} />
        ) : (
          <EmailForm kit={kit} onDone={onClose} />
        )}
      </div>
    </Modal>
  );
}
