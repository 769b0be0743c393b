import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const SHOWN_MS = 2000;

/** Copies `text` to the clipboard and says so for a moment ("Copied"), also to screen readers. */
export function CopyButton({ text, label, testId }: { text: string; label: string; testId?: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const id = window.setTimeout(() => setState('idle'), SHOWN_MS);
    return () => window.clearTimeout(id);
  }, [state]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <button type="button" className="btn btn-sm ui-copy" onClick={() => void copy()} data-testid={testId}>
      {/* Named "Copy <what>" (the visible word, then which value), the outcome announced. */}
      <span aria-live="polite">
        {state === 'copied'
          ? t('common.copy.copied')
          : state === 'failed'
            ? t('common.copy.failed')
            : t('common.copy.copy')}
      </span>
      <span className="visually-hidden"> {label}</span>
    </button>
  );
}
