import { useTranslation } from 'react-i18next';

/**
 * The confirmation step in place of an action's button (before money, points or data change):
 * what will happen in words, Confirm and Back. Styled by security.css (.sec-confirm), which the
 * member centre loads.
 */
export function InlineConfirm({
  text,
  onConfirm,
  onCancel,
  busy,
  testId,
  confirmLabel,
  size = 'sm',
}: {
  text: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy: boolean;
  testId: string;
  /** Default: "Confirm". */
  confirmLabel?: string;
  /** Buttons as large as the form's own (a page's main action) or small (an item in a list). */
  size?: 'sm' | 'md';
}) {
  const { t } = useTranslation();
  const btn = size === 'sm' ? 'btn btn-sm' : 'btn';
  return (
    <div className="sec-confirm" data-testid={testId}>
      <p>{text}</p>
      <div className="sec-actions">
        <button
          type="button"
          className={`${btn} btn-primary`}
          disabled={busy}
          onClick={onConfirm}
          data-testid={`${testId}-submit`}
        >
          {busy ? t('cashierCommon.working') : (confirmLabel ?? t('cashierCommon.confirm'))}
        </button>
        <button type="button" className={btn} disabled={busy} onClick={onCancel}>
          {t('cashierCommon.back')}
        </button>
      </div>
    </div>
  );
}
