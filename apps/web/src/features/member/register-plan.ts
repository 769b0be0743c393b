import type { RegisterField, RegisterRule } from '@app/contracts';
import { z } from 'zod';
import {
  ANY_RULE,
  PASSWORD_FALLBACK,
  ruleMessage,
  ruleOf,
  ruleSchema,
  type FieldRule,
  type Translate,
} from './rules';

export type RegisterMode = 'username' | 'mobile';

/** One input of the registration form, with the rule it is checked against. */
export interface PlannedField {
  field: RegisterField;
  required: boolean;
  rule: FieldRule;
}

/** Order of the inputs; mobile registration puts the number and its code first. */
const ORDER: RegisterField[] = [
  'username',
  'password',
  'confirmPassword',
  'mobileNum',
  'verificationCode',
  'payeeName',
  'email',
  'paymentPassword',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'recommenderId',
  'affiliateCode',
  'captcha',
];
const MOBILE_FIRST: RegisterField[] = ['mobileNum', 'verificationCode'];

/** Verification codes are checked against the sent code, not a pattern: any text up to 255 (SPEC 5). */
const CODE_RULE: FieldRule = { acceptedPattern: '*', patternId: 'ANY', minLength: 0, maxLength: 255 };

/**
 * Which fields the form shows and requires (SPEC section 5): the brand's enabled fields; the
 * username or mobile number the registration type needs; the SMS code when mobile registration
 * or REGMOBVERF3 asks for it; confirmPassword always; the affiliate code only when the URL did
 * not bring a valid one.
 */
export function planRegisterForm(
  rules: readonly RegisterRule[],
  opts: { mode: RegisterMode; smsVerification: boolean; affiliateField: boolean },
): PlannedField[] {
  const smsNeeded = opts.mode === 'mobile' || opts.smsVerification;
  const passwordRule = ruleOf(rules, 'password', PASSWORD_FALLBACK);
  const planned: PlannedField[] = [];
  for (const field of opts.mode === 'mobile'
    ? [...MOBILE_FIRST, ...ORDER.filter((f) => !MOBILE_FIRST.includes(f))]
    : ORDER) {
    const rule = ruleOf(rules, field, field === 'confirmPassword' ? passwordRule : ANY_RULE);
    switch (field) {
      case 'username':
        if (opts.mode === 'username' || rule.enabled) {
          planned.push({ field, rule, required: opts.mode === 'username' || rule.required });
        }
        break;
      case 'password':
        planned.push({ field, rule: passwordRule, required: true });
        break;
      case 'confirmPassword':
        planned.push({ field, rule, required: true });
        break;
      case 'mobileNum':
        if (smsNeeded || rule.enabled) planned.push({ field, rule, required: smsNeeded || rule.required });
        break;
      case 'verificationCode':
        if (smsNeeded) planned.push({ field, rule: CODE_RULE, required: true });
        break;
      case 'affiliateCode':
        if (opts.affiliateField && rule.enabled) planned.push({ field, rule, required: rule.required });
        break;
      case 'paymentPassword':
        // A payment password is required whenever it is shown.
        if (rule.enabled) planned.push({ field, rule, required: true });
        break;
      default:
        if (rule.enabled) planned.push({ field, rule, required: rule.required });
    }
  }
  return planned;
}

/** The form's values: every planned field as text, the dialing code and the terms box. */
export type RegisterValues = Partial<Record<RegisterField, string>> & {
  countryDialingCode: string;
  terms: boolean;
};

interface RegisterMessages {
  translate: Translate;
  mismatch: string;
  codeRequired: string;
  terms: string;
}

const UNTRIMMED = new Set<RegisterField>(['password', 'confirmPassword', 'paymentPassword']);

/** The zod schema of the planned form, built at run time from the brand's rules. */
export function registerSchema(
  plan: PlannedField[],
  messages: RegisterMessages,
): z.ZodType<RegisterValues, RegisterValues> {
  const shape: Record<string, z.ZodType> = {
    countryDialingCode: z.string(),
    terms: z.boolean().refine((v) => v, { message: messages.terms }),
  };
  for (const p of plan) {
    shape[p.field] = ruleSchema(p.rule, {
      required: p.required,
      message:
        p.field === 'verificationCode' ? messages.codeRequired : ruleMessage(p.rule, messages.translate),
      trim: !UNTRIMMED.has(p.field),
    });
  }
  const confirms = plan.some((p) => p.field === 'confirmPassword');
  return z.object(shape).superRefine((v, ctx) => {
    if (confirms && v.confirmPassword && v.password !== v.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: messages.mismatch });
    }
  }) as unknown as z.ZodType<RegisterValues, RegisterValues>;
}
