import type { ComponentPropsWithRef, ReactNode } from 'react';

interface TextFieldProps {
  id: string;
  label: string;
  /** Props for the <input>, typically react-hook-form's register() plus type and autoComplete. */
  inputProps: ComponentPropsWithRef<'input'>;
  error?: string;
  hint?: string;
  required?: boolean;
  /** Shown before the input on the same line (the country-code picker). */
  before?: ReactNode;
  /** Shown after the input on the same line (send-code button, captcha image). */
  after?: ReactNode;
}

/** A labelled input with its hint and error, wired for screen readers. */
export function TextField({ id, label, inputProps, error, hint, required, before, after }: TextFieldProps) {
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={error ? 'field has-error' : 'field'} data-testid={`field-${id}`}>
      <label htmlFor={id}>
        {label}
        {required && (
          <span className="required" aria-hidden="true">
            *
          </span>
        )}
      </label>
      <div className="field-row">
        {before}
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={described}
          {...inputProps}
        />
        {after}
      </div>
      {hint && !error && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
