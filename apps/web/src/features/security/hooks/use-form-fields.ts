import { useState, type ChangeEvent } from 'react';
import type { Problem } from '../validation';

/**
 * Controlled inputs for one form: values, per-field problems (cleared as the field is edited)
 * and a submit helper that focuses the first field with a problem.
 */
export function useFormFields<K extends string>(initial: Record<K, string>) {
  const [values, setValues] = useState(initial);
  const [problems, setProblems] = useState<Partial<Record<K, Problem>>>({});

  const input = (key: K) => ({
    name: key,
    value: values[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const value = e.target.value;
      setValues((v) => ({ ...v, [key]: value }));
      setProblems((p) => (p[key] ? { ...p, [key]: undefined } : p));
    },
  });

  /** Shows the problems found and focuses the first one within `scope` (the form); true when there are none. */
  const validate = (found: Partial<Record<K, Problem | null>>, scope: Element | null): boolean => {
    const clean = Object.fromEntries(Object.entries(found).filter(([, p]) => p)) as Partial<
      Record<K, Problem>
    >;
    setProblems(clean);
    if (Object.keys(clean).length === 0) return true;
    requestAnimationFrame(() => scope?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    return false;
  };

  const reset = (next: Record<K, string> = initial) => {
    setValues(next);
    setProblems({});
  };

  return { values, problems, input, validate, reset, setValues };
}
