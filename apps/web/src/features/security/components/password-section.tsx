import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../../lib/brand';
import { usePopups } from '../../../lib/popups';
import { useSession } from '../../../lib/session';
import { useChangePassword } from '../api/change-password';
import { useErrorText } from '../hooks/use-error-text';
import { useFormFields } from '../hooks/use-form-fields';
import { useProblemText } from '../hooks/use-problem-text';
import { checkConfirm, checkNewPassword, checkRequired, ruleFor } from '../validation';
import { Field } from './field';
import { FormStatus, type Status } from './form-status';
import { Section } from './section';

/** How long the confirmation stays before the login popup replaces the member centre. */
const SIGN_OUT_AFTER_MS = 3000;

function endSessionAndOpenLogin() {
  useSession.getState().signOut();
  usePopups.getState().show('login');
}

/** Changes the login password. Every session ends with it, so the member logs in again. */
export function PasswordSection() {
  const { t } = useTranslation('security');
  const brand = useBrand();
  const { problemText, ruleHint } = useProblemText();
  const errorText = useErrorText();
  const change = useChangePassword();
  const [status, setStatus] = useState<Status>(null);
  const [changed, setChanged] = useState(false);
  const loginRef = useRef<HTMLButtonElement>(null);
  const form = useFormFields({ oldPassword: '', newPassword: '', confirmNewPassword: '' });
  const { values, problems } = form;
  const rule = ruleFor(brand.register, 'password');

  // The old session is already gone on the server: sign out here and offer the login popup.
  const finished = useRef(false);
  const logInAgain = useCallback(() => {
    if (finished.current) return;
    finished.current = true;
    endSessionAndOpenLogin();
  }, []);
  useEffect(() => {
    if (!changed) return;
    loginRef.current?.focus();
    const timer = setTimeout(logInAgain, SIGN_OUT_AFTER_MS);
    // Leaving the member centre early still ends the local session.
    return () => {
      clearTimeout(timer);
      logInAgain();
    };
  }, [changed, logInAgain]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setStatus(null);
    const ok = form.validate(
      {
        oldPassword: checkRequired(values.oldPassword),
        newPassword: checkNewPassword(rule, values.newPassword, values.oldPassword),
        confirmNewPassword: checkConfirm(values.confirmNewPassword, values.newPassword),
      },
      e.currentTarget,
    );
    if (!ok) return;
    change.mutate(values, {
      onSuccess: () => setChanged(true),
      onError: (err) => setStatus({ ok: false, text: errorText(err) }),
    });
  };

  return (
    <Section id="sec-password" title={t('password.title')} description={t('password.description')}>
      {changed ? (
        <div className="sec-confirm sec-confirm-ok" role="status" data-testid="sec-password-changed">
          <p>{t('password.changed')}</p>
          <div className="sec-actions">
            <button ref={loginRef} type="button" className="btn btn-primary" onClick={logInAgain}>
              {t('password.logInAgain')}
            </button>
          </div>
        </div>
      ) : (
        <form className="sec-form" noValidate onSubmit={submit}>
          <Field
            id="sec-old-password"
            type="password"
            label={t('password.old')}
            autoComplete="current-password"
            error={problemText(problems.oldPassword)}
            {...form.input('oldPassword')}
          />
          <Field
            id="sec-new-password"
            type="password"
            label={t('password.new')}
            autoComplete="new-password"
            maxLength={rule.maxLength}
            hint={ruleHint(rule)}
            error={problemText(problems.newPassword)}
            {...form.input('newPassword')}
          />
          <Field
            id="sec-confirm-password"
            type="password"
            label={t('password.confirm')}
            autoComplete="new-password"
            maxLength={rule.maxLength}
            error={problemText(problems.confirmNewPassword)}
            {...form.input('confirmNewPassword')}
          />
          <div className="sec-actions">
            <button
              type="submit"
              className="btn btn-primary"
              disabled={change.isPending}
              data-testid="sec-password-save"
            >
              {change.isPending ? t('common.saving') : t('password.save')}
            </button>
          </div>
          <FormStatus status={status} testId="sec-password-status" />
        </form>
      )}
    </Section>
  );
}
