import { REGISTER_PATTERNS, type RegisterPatternId, type RegisterRule } from '@app/contracts';

/** The rule a field is checked against: the brand's, or a sensible default when it has none. */
export interface FieldRule {
  acceptedPattern: string;
  patternId: RegisterPatternId;
  minLength: number;
  maxLength: number;
}

/** What is wrong with a value, before it is sent (the server checks the same again). */
export type Problem =
  | { kind: 'required' }
  | { kind: 'rule'; rule: FieldRule }
  | { kind: 'mismatch' }
  | { kind: 'sameAsOld' }
  | { kind: 'sixDigits' }
  | { kind: 'tooLong'; max: number }
  | { kind: 'sameNumber' };

const isPatternId = (id: string): id is RegisterPatternId => id in REGISTER_PATTERNS;

/** Defaults for brands whose registration rules do not name the field. */
const DEFAULT_RULES = {
  password: { acceptedPattern: '*', patternId: 'ANY', minLength: 6, maxLength: 40 },
  email: { acceptedPattern: REGISTER_PATTERNS.EMAIL, patternId: 'EMAIL', minLength: 5, maxLength: 120 },
  payeeName: { acceptedPattern: '*', patternId: 'ANY', minLength: 1, maxLength: 100 },
  mobileNum: { acceptedPattern: REGISTER_PATTERNS.DIGITS, patternId: 'DIGITS', minLength: 5, maxLength: 15 },
} as const satisfies Record<string, FieldRule>;

type RuleField = keyof typeof DEFAULT_RULES;

/** The brand's rule for a field (its message family falls back to ANY when unknown). */
export function ruleFor(rules: readonly RegisterRule[], field: RuleField): FieldRule {
  const r = rules.find((x) => x.field === field);
  if (!r) return DEFAULT_RULES[field];
  return {
    acceptedPattern: r.acceptedPattern,
    patternId: isPatternId(r.patternId) ? r.patternId : 'ANY',
    minLength: r.minLength,
    maxLength: r.maxLength,
  };
}

/** Whether the brand requires the field (an e-mail may be left empty on most brands). */
export const isRequired = (rules: readonly RegisterRule[], field: RuleField) =>
  rules.find((x) => x.field === field)?.required ?? false;

/** Same test as the server: length in characters, then the pattern ('*' any). */
export function checkRule(rule: FieldRule, value: string, required: boolean): Problem | null {
  if (value === '') return required ? { kind: 'required' } : null;
  const length = [...value].length;
  if (length < rule.minLength || length > rule.maxLength) return { kind: 'rule', rule };
  if (rule.acceptedPattern === '*') return null;
  let re: RegExp;
  try {
    re = new RegExp(rule.acceptedPattern, 'u');
  } catch {
    // A broken operator pattern cannot be checked here; the server refuses it with its message.
    return null;
  }
  return re.test(value) ? null : { kind: 'rule', rule };
}

/** A new password: the brand's password rule, different from the current one. */
export function checkNewPassword(rule: FieldRule, value: string, old?: string): Problem | null {
  const problem = checkRule(rule, value, true);
  if (problem) return problem;
  return old !== undefined && old !== '' && value === old ? { kind: 'sameAsOld' } : null;
}

export const checkConfirm = (value: string, original: string): Problem | null =>
  value === '' ? { kind: 'required' } : value === original ? null : { kind: 'mismatch' };

export const checkRequired = (value: string): Problem | null => (value === '' ? { kind: 'required' } : null);

/** Authenticator codes, SMS codes and payment passwords: exactly six digits. */
export const checkSixDigits = (value: string): Problem | null =>
  value === '' ? { kind: 'required' } : /^\d{6}$/.test(value) ? null : { kind: 'sixDigits' };

export const checkMaxLength = (value: string, max: number): Problem | null =>
  [...value].length > max ? { kind: 'tooLong', max } : null;

/** A country dialing code, with or without '+'. */
export const checkDialingCode = (value: string): Problem | null =>
  value === ''
    ? { kind: 'required' }
    : /^\+?\d{1,4}$/.test(value)
      ? null
      : {
          kind: 'rule',
          rule: { acceptedPattern: '^\\d+$', patternId: 'DIGITS', minLength: 1, maxLength: 4 },
        };

/** A mobile number shown with its middle hidden: +63 917••••001. */
export function maskMobile(dialing: string | null, mobile: string): string {
  const head = mobile.slice(0, 3);
  const tail = mobile.length > 6 ? mobile.slice(-3) : '';
  const hidden = '•'.repeat(Math.max(mobile.length - head.length - tail.length, 0));
  return `${dialing ? `+${dialing.replace(/^\+/, '')} ` : ''}${head}${hidden}${tail}`;
}

/** An authenticator secret in groups of four, easier to type by hand. */
export const groupSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');
