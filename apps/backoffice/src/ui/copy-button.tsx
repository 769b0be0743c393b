import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';

/** Copies a secret shown once (a password, a key, recovery codes) to the clipboard. */
export function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation();
  const [done, setDone] = useState(false);
  return (
    <Button
      size="sm"
      onClick={() => {
        void navigator.clipboard.writeText(text).then(() => {
          setDone(true);
          setTimeout(() => setDone(false), 2000);
        });
      }}
    >
      {done ? t('common.copied') : t('common.copy')}
    </Button>
  );
}
