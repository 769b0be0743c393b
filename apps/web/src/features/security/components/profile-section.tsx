import type { MemberInfo } from '@app/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../../lib/brand';
import { useUpdateProfile, type ProfileUpdate } from '../api/update-profile';
import { useErrorText } from '../hooks/use-error-text';
import { useFormFields } from '../hooks/use-form-fields';
import { useProblemText } from '../hooks/use-problem-text';
import { checkMaxLength, checkRule, isRequired, ruleFor } from '../validation';
import { Field } from './field';
import { FormStatus, type Status } from './form-status';
import { Section } from './section';

const NICKNAME_MAX = 30;

/** Nickname, e-mail and the real name (payeeName), which must match the bank account and is set once. */
export function ProfileSection({ info }: { info: MemberInfo }) {
  const { t } = useTranslation('security');
  const brand = useBrand();
  const { problemText, ruleHint } = useProblemText();
  const errorText = useErrorText();
  const update = useUpdateProfile();
  const [status, setStatus] = useState<Status>(null);
  // A real name is final: the member confirms it before it is sent.
  const [pending, setPending] = useState<ProfileUpdate | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const form = useFormFields({ nickname: info.nickname, email: info.email ?? '', payeeName: '' });
  const { values, problems } = form;
  const emailRule = ruleFor(brand.register, 'email');
  const nameRule = ruleFor(brand.register, 'payeeName');
  const nameLocked = !!info.payeeName;

  const save = (body: ProfileUpdate) => {
    setPending(null);
    update.mutate(body, {
      onSuccess: () => {
        setStatus({ ok: true, text: t('profile.saved') });
        form.setValues((v) => ({ ...v, payeeName: '' }));
      },
      onError: (err) => setStatus({ ok: false, text: errorText(err) }),
    });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setStatus(null);
    const nickname = values.nickname.trim();
    const email = values.email.trim();
    const payeeName = values.payeeName.trim();
    const ok = form.validate(
      {
        nickname: checkMaxLength(nickname, NICKNAME_MAX),
        email: checkRule(emailRule, email, isRequired(brand.register, 'email')),
        payeeName: nameLocked ? null : checkRule(nameRule, payeeName, false),
      },
      e.currentTarget,
    );
    if (!ok) return;
    const body: ProfileUpdate = {};
    if (nickname !== info.nickname) body.nickname = nickname;
    if (email !== (info.email ?? '')) body.email = email;
    if (!nameLocked && payeeName) body.payeeName = payeeName;
    if (Object.keys(body).length === 0) {
      setStatus({ ok: true, text: t('profile.nothingChanged') });
      return;
    }
    if (body.payeeName) {
      setPending(body);
      requestAnimationFrame(() => confirmRef.current?.focus());
      return;
    }
    save(body);
  };

  return (
    <Section id="sec-profile" title={t('profile.title')}>
      <dl className="sec-facts">
        <div>
          <dt>{t('profile.account')}</dt>
          <dd data-testid="sec-account">{info.account}</dd>
        </div>
        {nameLocked && (
          <div>
            <dt>{t('profile.payeeName')}</dt>
            <dd data-testid="sec-payee-name">{info.payeeName}</dd>
          </div>
        )}
      </dl>
      {nameLocked && <p className="sec-note">{t('profile.payeeNameLocked')}</p>}
      <form className="sec-form" noValidate onSubmit={submit}>
        <Field
          id="sec-nickname"
          label={t('profile.nickname')}
          autoComplete="nickname"
          maxLength={NICKNAME_MAX}
          error={problemText(problems.nickname)}
          {...form.input('nickname')}
        />
        <Field
          id="sec-email"
          type="email"
          label={t('profile.email')}
          autoComplete="email"
          inputMode="email"
          placeholder={t('profile.emailPlaceholder')}
          error={problemText(problems.email)}
          {...form.input('email')}
        />
        {!nameLocked && (
          <Field
            id="sec-payee"
            label={t('profile.payeeName')}
            autoComplete="name"
            hint={`${t('profile.payeeNameRule')} ${ruleHint(nameRule)}`}
            error={problemText(problems.payeeName)}
            {...form.input('payeeName')}
          />
        )}
        {pending ? (
          <div className="sec-confirm" role="group" aria-labelledby="sec-payee-confirm">
            <p id="sec-payee-confirm">{t('profile.payeeNameConfirm', { name: pending.payeeName ?? '' })}</p>
            <div className="sec-actions">
              <button
                ref={confirmRef}
                type="button"
                className="btn btn-primary"
                data-testid="sec-payee-confirm"
                onClick={() => save(pending)}
              >
                {t('profile.payeeNameConfirmButton')}
              </button>
              <button type="button" className="btn" onClick={() => setPending(null)}>
                {t('common.cancel')}
              </button>
            </div>
          </div>
        ) : (
          <div className="sec-actions">
            <button
              type="submit"
              className="btn btn-primary"
              disabled={update.isPending}
              data-testid="sec-profile-save"
            >
              {update.isPending ? t('common.saving') : t('common.save')}
            </button>
          </div>
        )}
        <FormStatus status={status} testId="sec-profile-status" />
      </form>
    </Section>
  );
}
