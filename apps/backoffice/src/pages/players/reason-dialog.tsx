import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, Field, errorText } from '../../ui';

interface ReasonDialogProps {
  title: ReactNode;
  /** What will happen, in a sentence the operator reads before confirming. */
  message?: ReactNode;
  /** The action's own fields (switches, amounts); shown above the reason. */
  children?: ReactNode;
  /** A message for the first invalid field, or null when the fields are ready. */
  invalid?: string | null;
  confirmLabel: ReactNode;
  danger?: boolean;
  /** Whether a reason is asked for (true unless the API takes none, e.g. editing tags). */
  withReason?: boolean;
  onClose(): void;
  /** Runs the action with the typed reason; a thrown error stays in the dialog to read and retry. */
  onSubmit(reason: string): Promise<unknown>;
}

/**
 * A staff action's dialog: its fields, a required reason (it goes to the audit log),
 * and one confirm button. Mounted only while open, so every opening starts clean.
 */
export function ReasonDialog({
  title,
  message,
  children,
  invalid,
  confirmLabel,
  danger,
  withReason = true,
  onClose,
  onSubmit,
}: ReasonDialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reasonMissing = withReason && reason.trim() === '';

  async function submit() {
    setTouched(true);
    if (reasonMissing || invalid) return;
    setBusy(true);
    setError(null);
    try {
      await onSubmit(reason.trim());
      onClose();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open title={title} onClose={onClose}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {message && <p>{message}</p>}
        {children}
        {touched && invalid && (
          <p className="bo-form-error" role="alert">
            {invalid}
          </p>
        )}
        {withReason && (
          <Field
            label={t('common.reason')}
            error={touched && reasonMissing ? t('common.reasonRequired') : undefined}
          >
            <textarea value={reason} onChange={(e) => setReason(e.target.value)} rows={3} maxLength={500} />
          </Field>
        )}
        {error && (
          <p className="bo-form-error" role="alert">
            {error}
          </p>
        )}
        <div className="bo-dialog-foot">
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant={danger ? 'danger' : 'primary'} busy={busy}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
