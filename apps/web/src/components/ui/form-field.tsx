import { cloneElement, isValidElement, type ReactElement } from 'react';

interface FormFieldProps {
  id: string;
  label: string;
  /** The rule the value must follow, shown under the input. */
  hint?: string;
  /** The problem found on submit. */
  error?: string;
  className?: string;
  /** The control: an input, select or textarea (or a MoneyInput); it gets the id and aria wiring. */
  children: ReactElement<Record<string, unknown>>;
}

/** A label, the control, its error and hint, both announced through aria-describedby. */
export function FormField({ id, label, hint: rule, error, className, children }: FormFieldProps) {
  // An error that repeats the rule is said once.
  const hint = rule === error ? undefined : rule;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  const control = isValidElement(children)
    ? cloneElement(children, {
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })
    : children;
  return (
    <div className={['sec-field', error ? 'has-error' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{label}</label>
      {control}
      {error && (
        <p id={errorId} className="sec-error">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="sec-hint">
          {hint}
        </p>
      )}
    </div>
  );
}
