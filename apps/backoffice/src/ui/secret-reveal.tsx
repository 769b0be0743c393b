import { useTranslation } from 'react-i18next';
import { CopyButton } from './copy-button';

/** A secret the server shows once (a one-time password, an API key): copy it now or never. */
export function SecretReveal({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <div className="bo-secret-reveal">
      <p>{label}</p>
      <div className="bo-secret-row">
        <code className="bo-mono bo-secret" data-testid={testId}>
          {value}
        </code>
        <CopyButton text={value} />
      </div>
      <p className="bo-muted">{t('common.shownOnce')}</p>
    </div>
  );
}
