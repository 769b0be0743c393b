import { ApiError } from '../../lib/api-client';

/** A field the server refused (register.field.invalid and friends carry a list in value.fields). */
interface ServerFieldError {
  field: string;
  patternId?: string;
  min?: number;
  max?: number;
  /** 'required', 'pattern', 'length' or 'mismatch'. */
  reason?: string;
}

export function serverFieldErrors(err: unknown): ServerFieldError[] {
  if (!(err instanceof ApiError)) return [];
  const fields = (err.value as { fields?: unknown } | undefined)?.fields;
  if (!Array.isArray(fields)) return [];
  return fields.filter(
    (f): f is ServerFieldError =>
      !!f && typeof f === 'object' && typeof (f as { field?: unknown }).field === 'string',
  );
}

/** Which input a failure code belongs under, when it is about one input. */
export const FIELD_OF_CODE: Record<string, string> = {
  'member.account.used': 'username',
  'member.mobile.used': 'mobileNum',
  'sms.code.invalid': 'verificationCode',
  'sms.code.expired': 'verificationCode',
  'affiliate.code.invalid': 'affiliateCode',
  'login.captcha.required': 'captcha',
  'login.captcha.invalid': 'captcha',
  'register.password.mismatch': 'confirmPassword',
};
