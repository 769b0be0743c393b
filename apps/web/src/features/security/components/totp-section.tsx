import type { MemberInfo } from '@app/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDisableTotp } from '../api/disable-totp';
import { useEnableTotp } from '../api/enable-totp';
import { useSetupTotp, type TotpSetup } from '../api/setup-totp';
import { useErrorText } from '../hooks/use-error-text';
import { useFormFields } from '../hooks/use-form-fields';
import { useProblemText } from '../hooks/use-problem-text';
import { checkRequired, checkSixDigits, groupSecret } from '../validation';
import { Field } from './field';
import { FormStatus, type Status } from './form-status';
import { Section } from './section';
import { TotpQr } from './totp-qr';

/** Step 2 of turning it on: scan (or type) the secret, then confirm with a code from the app. */
function EnableForm({
  setup,
  onDone,
  onCancel,
}: {
  setup: TotpSetup;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('security');
  const { problemText } = useProblemText();
  const errorText = useErrorText();
  const enable = useEnableTotp();
  const [status, setStatus] = useState<Status>(null);
  const [copied, setCopied] = useState(false);
  const form = useFormFields({ code: '' });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setStatus(null);
    const code = form.values.code.trim();
    if (!form.validate({ code: checkSixDigits(code) }, e.currentTarget)) return;
    enable.mutate(
      { code },
      { onSuccess: onDone, onError: (err) => setStatus({ ok: false, text: errorText(err) }) },
    );
  };

  const copy = () => {
    navigator.clipboard?.writeText(setup.secret).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };

  return (
    <div className="sec-totp-setup">
      <ol className="sec-steps">
        <li>{t('totp.step1')}</li>
        <li>{t('totp.step2')}</li>
      </ol>
      <div className="sec-totp-grid">
        <TotpQr url={setup.otpauthUrl} />
        <div className="sec-secret">
          <p className="sec-hint" id="sec-totp-secret-label">
            {t('totp.manual')}
          </p>
          <code aria-labelledby="sec-totp-secret-label" data-testid="totp-secret" data-secret={setup.secret}>
            {groupSecret(setup.secret)}
          </code>
          <button type="button" className="btn btn-sm" onClick={copy}>
            {copied ? t('totp.copied') : t('totp.copy')}
          </button>
        </div>
      </div>
      <form className="sec-form" noValidate onSubmit={submit}>
        <Field
          id="sec-totp-code"
          label={t('totp.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          hint={t('totp.codeHint')}
          error={problemText(form.problems.code)}
          {...form.input('code')}
        />
        <div className="sec-actions">
          <button
            type="submit"
            className="btn btn-primary"
            disabled={enable.isPending}
            data-testid="totp-enable"
          >
            {enable.isPending ? t('common.saving') : t('totp.confirm')}
          </button>
          <button type="button" className="btn" onClick={onCancel}>
            {t('common.cancel')}
          </button>
        </div>
        <FormStatus status={status} testId="totp-enable-status" />
      </form>
    </div>
  );
}

function DisableForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation('security');
  const { problemText } = useProblemText();
  const errorText = useErrorText();
  const disable = useDisableTotp();
  const [status, setStatus] = useState<Status>(null);
  const form = useFormFields({ code: '', password: '' });
  const { values, problems } = form;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setStatus(null);
    const code = values.code.trim();
    if (
      !form.validate(
        { code: checkSixDigits(code), password: checkRequired(values.password) },
        e.currentTarget,
      )
    )
      return;
    disable.mutate(
      { code, password: values.password },
      { onSuccess: onDone, onError: (err) => setStatus({ ok: false, text: errorText(err) }) },
    );
  };

  return (
    <form className="sec-form" noValidate onSubmit={submit}>
      <div className="sec-row">
        <Field
          id="sec-totp-off-code"
          className="sec-field-grow"
          label={t('totp.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={problemText(problems.code)}
          {...form.input('code')}
        />
        <Field
          id="sec-totp-off-password"
          className="sec-field-grow"
          type="password"
          label={t('common.loginPassword')}
          autoComplete="current-password"
          error={problemText(problems.password)}
          {...form.input('password')}
        />
      </div>
      <div className="sec-actions">
        <button
          type="submit"
          className="btn btn-primary"
          disabled={disable.isPending}
          data-testid="totp-disable"
        >
          {disable.isPending ? t('common.saving') : t('totp.turnOff')}
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
      <FormStatus status={status} testId="totp-disable-status" />
    </form>
  );
}

/** Authenticator app (TOTP): asked for at logins from a new IP once it is on. */
export function TotpSection({ info }: { info: MemberInfo }) {
  const { t } = useTranslation('security');
  const errorText = useErrorText();
  const setup = useSetupTotp();
  const [turningOff, setTurningOff] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const on = info.totpEnabled;

  const start = () => {
    setStatus(null);
    setup.mutate(undefined, { onError: (err) => setStatus({ ok: false, text: errorText(err) }) });
  };

  let body;
  if (on && turningOff) {
    body = (
      <DisableForm
        onDone={() => {
          setTurningOff(false);
          setStatus({ ok: true, text: t('totp.disabled') });
        }}
        onCancel={() => setTurningOff(false)}
      />
    );
  } else if (!on && setup.data) {
    body = (
      <EnableForm
        setup={setup.data}
        onDone={() => {
          setup.reset();
          setStatus({ ok: true, text: t('totp.enabled') });
        }}
        onCancel={() => setup.reset()}
      />
    );
  } else {
    body = (
      <div className="sec-actions">
        {on ? (
          <button
            type="button"
            className="btn"
            onClick={() => {
              setStatus(null);
              setTurningOff(true);
            }}
            data-testid="totp-off"
          >
            {t('totp.turnOff')}
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-primary"
            onClick={start}
            disabled={setup.isPending}
            data-testid="totp-on"
          >
            {setup.isPending ? t('common.loading') : t('totp.turnOn')}
          </button>
        )}
      </div>
    );
  }

  return (
    <Section
      id="sec-totp"
      title={t('totp.title')}
      badge={{ text: on ? t('status.on') : t('status.off'), on }}
      description={t('totp.description')}
    >
      {body}
      <FormStatus status={status} testId="totp-status" />
    </Section>
  );
}
