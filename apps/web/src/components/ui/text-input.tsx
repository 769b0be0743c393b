import type { InputHTMLAttributes } from 'react';

/** A bordered input (the member centre's look); id and aria props reach the input itself. */
export function TextInput({ className, ...input }: InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className={['sec-input', className ?? ''].filter(Boolean).join(' ')}>
      <input {...input} />
    </div>
  );
}
