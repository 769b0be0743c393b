import type { RegisterField, RegisterRule } from '@app/contracts';
import { AppError } from '../../platform/app-error';

export interface FieldError {
  field: RegisterField;
  patternId: string;
  min: number;
  max: number;
  /** 'required', 'pattern', 'length' or 'mismatch'. */
  reason: 'required' | 'pattern' | 'length' | 'mismatch';
}

/** Whether a value satisfies one server rule: pattern ('*' any) and length bounds. */
export function fieldProblem(rule: RegisterRule, value: string): FieldError['reason'] | null {
  if ([...value].length < rule.minLength || [...value].length > rule.maxLength) return 'length';
  if (rule.acceptedPattern !== '*') {
    let re: RegExp;
    try {
      re = new RegExp(rule.acceptedPattern, 'u');
    } catch {
      // WARNING: a broken operator pattern must not let everything through.
      return 'pattern';
    }
    if (!re.test(value)) return 'pattern';
  }
  return null;
}

/**
 * Checks a registration against the brand's field rules (SPEC section 5). Fields the brand
 * has not enabled are ignored; `alwaysRequired` adds fields the registration type needs
 * whatever the rules say (username for username sign-up, mobile for mobile sign-up).
 */
export function checkRegistration(
  rules: RegisterRule[],
  values: Partial<Record<RegisterField, string | undefined>>,
  alwaysRequired: RegisterField[],
): FieldError[] {
  const errors: FieldError[] = [];
  const byField = new Map(rules.map((r) => [r.field, r]));
  const fields = new Set<RegisterField>([
    ...rules.filter((r) => r.enabled).map((r) => r.field),
    ...alwaysRequired,
  ]);
  // Captcha and SMS codes are checked against their challenges, not against a pattern.
  fields.delete('captcha');
  fields.delete('verificationCode');
  for (const field of fields) {
    const rule = byField.get(field) ?? {
      field,
      enabled: true,
      required: true,
      acceptedPattern: '*',
      patternId: 'ANY',
      minLength: 1,
      maxLength: 255,
    };
    const required = rule.required || alwaysRequired.includes(field);
    const value = (values[field] ?? '').trim();
    const base = { field, patternId: rule.patternId, min: rule.minLength, max: rule.maxLength };
    if (!value) {
      if (required) errors.push({ ...base, reason: 'required' });
      continue;
    }
    const problem = fieldProblem(
      rule,
      field === 'password' || field === 'confirmPassword' ? (values[field] ?? '') : value,
    );
    if (problem) errors.push({ ...base, reason: problem });
  }
  if (
    values.confirmPassword !== undefined &&
    fields.has('confirmPassword') &&
    values.password !== values.confirmPassword &&
    !errors.some((e) => e.field === 'confirmPassword')
  ) {
    const rule = byField.get('confirmPassword');
    errors.push({
      field: 'confirmPassword',
      patternId: rule?.patternId ?? 'ANY',
      min: rule?.minLength ?? 0,
      max: rule?.maxLength ?? 0,
      reason: 'mismatch',
    });
  }
  return errors;
}

/** The dialing code as stored: without its '+'. */
export const normalizeDialing = (code: string | undefined) => (code ?? '').replace(/^\+/, '');

/** Refuses a form with these field errors: a lone confirmation mismatch has its own answer. */
export function fieldErrors(errors: FieldError[]): never {
  if (errors.some((e) => e.reason === 'mismatch') && errors.length === 1) {
    throw new AppError('register.password.mismatch', { fields: errors });
  }
  throw new AppError('register.field.invalid', { fields: errors });
}
