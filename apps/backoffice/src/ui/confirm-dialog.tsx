import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from './dialog';
import { Field } from './field';
import { FormFoot } from './form-foot';
import { Money } from './money';
import { errorText } from './error-text';

interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  message?: ReactNode;
  /** A money decision shows the amount it moves, large, so nobody approves the wrong figure. */
  amount?: number;
  /** The action's own fields (switches, amounts), shown above the reason. */
  children?: ReactNode;
  /** A message for the first invalid field of `children`, or null when they are ready. */
  invalid?: string | null;
  /** Ask for a reason text (it goes to the audit log); nothing is sent until it is given. */
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
  children,
  invalid,
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
    if (reasonMissing || invalid) return;
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
      {children}
      {touched && invalid && (
        <p className="bo-form-error" role="alert">
          {invalid}
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
      <FormFoot
        error={error}
        onCancel={onClose}
        submitLabel={confirmLabel ?? t('common.confirm')}
        busy={busy}
        danger={danger}
      />
    </form>
  );
}
