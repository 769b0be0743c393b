import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui';
import { CopyButton } from '../../ui/copy-button';

/** Recovery codes, shown once: the staff member must say they saved them before moving on. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const { t } = useTranslation('auth');
  const [saved, setSaved] = useState(false);
  return (
    <div>
      <p>{t('recoveryIntro')}</p>
      <ol className="bo-recovery-codes bo-mono" data-testid="recovery-codes">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ol>
      <CopyButton text={codes.join('\n')} />
      <label className="bo-check">
        <input type="checkbox" checked={saved} onChange={(e) => setSaved(e.target.checked)} />{' '}
        {t('recoverySaved')}
      </label>
      <Button variant="primary" disabled={!saved} onClick={onDone} className="bo-btn-block">
        {t('continue')}
      </Button>
    </div>
  );
}
