import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';

interface FieldProps {
  label: ReactNode;
  /** The validation message (already translated); marks the control invalid. */
  error?: string | undefined;
  hint?: ReactNode;
  /** One form control; it gets the label's id and the error's aria wiring. */
  children: ReactElement<{ id?: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }>;
}

export function Field({ label, error, hint, children }: FieldProps) {
  const id = useId();
  const msgId = `${id}-msg`;
  const control = isValidElement(children)
    ? cloneElement(children, {
        id: children.props.id ?? id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error || hint ? msgId : undefined,
      })
    : children;
  return (
    <div className={`bo-field${error ? ' bo-field-invalid' : ''}`}>
      <label htmlFor={children.props.id ?? id}>{label}</label>
      {control}
      {(error || hint) && (
        <small
          id={msgId}
          className={error ? 'bo-field-error' : 'bo-field-hint'}
          role={error ? 'alert' : undefined}
        >
          {error ?? hint}
        </small>
      )}
    </div>
  );
}
