import { REGISTER_PATTERNS, type RegisterPatternId, type RegisterRule } from '@app/contracts';
import { z } from 'zod';

/** The part of a brand rule that decides whether a value passes and what the message says. */
export type FieldRule = Pick<RegisterRule, 'acceptedPattern' | 'patternId' | 'minLength' | 'maxLength'>;

/** A locale key of a pattern message: `range` has {{min}} and {{max}}, `exact` has {{n}}. */
export type PatternMessageKey = `patterns.${RegisterPatternId}.${'range' | 'exact'}`;
export type Translate = (key: PatternMessageKey, vars: Record<string, number>) => string;

const isPatternId = (id: string): id is RegisterPatternId => Object.hasOwn(REGISTER_PATTERNS, id);

/**
 * The message of a rule (SPEC section 5): translated per patternId, with min and max filled in,
 * a single number when they are equal. A minimum of 0 reads as 1: an empty value is either
 * allowed or "required", which uses the same text.
 */
export function ruleMessage(rule: Pick<FieldRule, 'patternId' | 'minLength' | 'maxLength'>, t: Translate) {
  const id = isPatternId(rule.patternId) ? rule.patternId : 'ANY';
  const min = Math.max(1, rule.minLength);
  const max = Math.max(min, rule.maxLength);
  return min === max ? t(`patterns.${id}.exact`, { n: min }) : t(`patterns.${id}.range`, { min, max });
}

/** The server's test (register-rules.ts): length in characters, then the pattern ('*' any). */
export function matchesRule(rule: FieldRule, value: string): boolean {
  const length = [...value].length;
  if (length < rule.minLength || length > rule.maxLength) return false;
  if (rule.acceptedPattern === '*') return true;
  try {
    return new RegExp(rule.acceptedPattern, 'u').test(value);
  } catch {
    // A broken operator pattern cannot be checked here; the server refuses with its own message.
    return true;
  }
}

/**
 * A zod schema for one field from its brand rule, built at run time. Empty passes unless the
 * field is required; required and format failures share the rule's message (SPEC section 5).
 * Passwords are checked as typed; everything else is trimmed first, as the server does.
 */
export function ruleSchema(rule: FieldRule, opts: { required: boolean; message: string; trim?: boolean }) {
  const base = opts.trim === false ? z.string() : z.string().trim();
  return base.refine((v) => (v.trim() === '' ? !opts.required : matchesRule(rule, v)), {
    message: opts.message,
  });
}

/** A field's rule from the brand, or the fallback when the brand names none. */
export function ruleOf(rules: readonly RegisterRule[], field: RegisterRule['field'], fallback: FieldRule) {
  return rules.find((r) => r.field === field) ?? { field, enabled: false, required: false, ...fallback };
}

export const ANY_RULE: FieldRule = { acceptedPattern: '*', patternId: 'ANY', minLength: 1, maxLength: 255 };
export const PASSWORD_FALLBACK: FieldRule = {
  acceptedPattern: REGISTER_PATTERNS.LETTERS_AND_DIGITS,
  patternId: 'LETTERS_AND_DIGITS',
  minLength: 6,
  maxLength: 20,
};
export const MOBILE_FALLBACK: FieldRule = {
  acceptedPattern: REGISTER_PATTERNS.DIGITS,
  patternId: 'DIGITS',
  minLength: 5,
  maxLength: 15,
};
export const USERNAME_FALLBACK: FieldRule = {
  acceptedPattern: REGISTER_PATTERNS.LETTER_FIRST_ALNUM,
  patternId: 'LETTER_FIRST_ALNUM',
  minLength: 2,
  maxLength: 15,
};
export const EMAIL_FALLBACK: FieldRule = {
  acceptedPattern: REGISTER_PATTERNS.EMAIL,
  patternId: 'EMAIL',
  minLength: 5,
  maxLength: 120,
};
