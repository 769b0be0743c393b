import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLogoutOthers } from '../api/logout-others';
import { useErrorText } from '../hooks/use-error-text';
import { FormStatus, type Status } from './form-status';
import { Section } from './section';

/** Signs out every other browser or device; asks first. */
export function SessionsSection() {
  const { t } = useTranslation('security');
  const errorText = useErrorText();
  const logout = useLogoutOthers();
  const [asking, setAsking] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const askRef = useRef<HTMLButtonElement>(null);

  const ask = () => {
    setStatus(null);
    setAsking(true);
    requestAnimationFrame(() => confirmRef.current?.focus());
  };
  const cancel = () => {
    setAsking(false);
    requestAnimationFrame(() => askRef.current?.focus());
  };
  const confirm = () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        setAsking(false);
        setStatus({ ok: true, text: t('sessions.done') });
      },
      onError: (err) => {
        setAsking(false);
        setStatus({ ok: false, text: errorText(err) });
      },
    });

  return (
    <Section id="sec-sessions" title={t('sessions.title')} description={t('sessions.description')}>
      {asking ? (
        <div className="sec-confirm" role="group" aria-labelledby="sec-sessions-question">
          <p id="sec-sessions-question">{t('sessions.confirm')}</p>
          <div className="sec-actions">
            <button
              ref={confirmRef}
              type="button"
              className="btn btn-primary"
              disabled={logout.isPending}
              onClick={confirm}
              data-testid="sec-sessions-confirm"
            >
              {t('sessions.confirmButton')}
            </button>
            <button type="button" className="btn" onClick={cancel}>
              {t('common.cancel')}
            </button>
          </div>
        </div>
      ) : (
        <div className="sec-actions">
          <button ref={askRef} type="button" className="btn" onClick={ask} data-testid="sec-sessions-logout">
            {t('sessions.button')}
          </button>
        </div>
      )}
      <FormStatus status={status} testId="sec-sessions-status" />
    </Section>
  );
}
