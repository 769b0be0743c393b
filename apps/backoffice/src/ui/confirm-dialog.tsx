import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Dialog } from './dialog';
import { Field } from './field';
import { Money } from './money';
import { errorText } from './error-text';

interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  message?: ReactNode;
  /** A money decision shows the amount it moves, large, so nobody approves the wrong figure. */
  amount?: number;
  /** Ask for a reason text; the confirm button stays off until it is given. */
  requireReason?: boolean;
  confirmLabel?: ReactNode;
  danger?: boolean;
  onClose(): void;
  /** Runs the action; a thrown error is shown in the dialog and the dialog stays open. */
  onConfirm(reason: string): Promise<unknown>;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, onClose } = props;
  return (
    <Dialog open={open} title={props.title} onClose={onClose}>
      {open && <ConfirmBody {...props} />}
    </Dialog>
  );
}

function ConfirmBody({
  message,
  amount,
  requireReason,
  confirmLabel,
  danger,
  onClose,
  onConfirm,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const reasonMissing = requireReason && reason.trim() === '';

  async function confirm() {
    setTouched(true);
    if (reasonMissing) return;
    setBusy(true);
    setError(null);
    try {
      await onConfirm(reason.trim());
      onClose();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void confirm();
      }}
    >
      {message && <p>{message}</p>}
      {amount !== undefined && (
        <p className="bo-confirm-amount">
          <Money value={amount} />
        </p>
      )}
      {requireReason && (
        <Field
          label={t('common.reason')}
          error={touched && reasonMissing ? t('common.reasonRequired') : undefined}
        >
          <textarea
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            rows={3}
            maxLength={500}
            autoFocus
          />
        </Field>
      )}
      {error && (
        <p className="bo-form-error" role="alert">
          {error}
        </p>
      )}
      <div className="bo-dialog-foot">
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button type="submit" variant={danger ? 'danger' : 'primary'} busy={busy}>
          {confirmLabel ?? t('common.confirm')}
        </Button>
      </div>
    </form>
  );
}
