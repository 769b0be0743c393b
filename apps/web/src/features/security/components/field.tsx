import type { InputHTMLAttributes } from 'react';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: string;
  /** The rule the value must follow, shown under the input. */
  hint?: string;
  /** The problem found on submit. */
  error?: string;
  /** Text shown before the input (e.g. '+' of a dialing code). */
  prefix?: string;
}

/** A labelled input with its hint and error, both announced through aria-describedby. */
export function Field({ id, label, hint, error, prefix, className, ...input }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['sec-field', error ? 'has-error' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{label}</label>
      <div className="sec-input">
        {prefix && (
          <span className="sec-prefix" aria-hidden="true">
            {prefix}
          </span>
        )}
        <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      </div>
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
