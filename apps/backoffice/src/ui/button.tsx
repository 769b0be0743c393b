import type { ButtonHTMLAttributes } from 'react';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'danger' | 'ghost';
  size?: 'md' | 'sm';
  /** Shows a spinner and blocks clicks while the action runs. */
  busy?: boolean;
}

export function Button({
  variant = 'secondary',
  size = 'md',
  busy,
  disabled,
  className,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type="button"
      {...rest}
      className={`bo-btn bo-btn-${variant} bo-btn-${size}${className ? ` ${className}` : ''}`}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {busy && <span className="bo-spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
