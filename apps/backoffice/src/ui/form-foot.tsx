import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';

/** The end of a dialog's form: its error (if any), then Cancel and the submit button. */
export function FormFoot({
  error,
  onCancel,
  submitLabel,
  busy,
  danger,
}: {
  error: string | null | undefined;
  onCancel(): void;
  submitLabel: ReactNode;
  busy: boolean;
  /** The submit button in red: the action takes money or access away. */
  danger?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      {error && (
        <p className="bo-form-error" role="alert">
          {error}
        </p>
      )}
      <div className="bo-dialog-foot">
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button type="submit" variant={danger ? 'danger' : 'primary'} busy={busy}>
          {submitLabel}
        </Button>
      </div>
    </>
  );
}
