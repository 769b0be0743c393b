import {
  REGISTER_PATTERNS,
  type RegisterField,
  type RegisterPatternId,
  type RegisterRule,
} from '@app/contracts';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import { planRegisterForm, registerSchema, type RegisterValues } from './register-plan';
import { matchesRule, ruleMessage, type Translate } from './rules';

const rule = (
  field: RegisterField,
  enabled: boolean,
  required: boolean,
  patternId: RegisterPatternId,
  minLength: number,
  maxLength: number,
): RegisterRule => ({
  field,
  enabled,
  required,
  patternId,
  acceptedPattern: REGISTER_PATTERNS[patternId],
  minLength,
  maxLength,
});

/** The brand rules of the GOLDEN demo brand. */
const RULES: RegisterRule[] = [
  rule('username', true, true, 'LETTER_FIRST_ALNUM', 2, 15),
  rule('password', true, true, 'LETTERS_AND_DIGITS', 6, 20),
  rule('confirmPassword', true, true, 'LETTERS_AND_DIGITS', 6, 20),
  rule('mobileNum', true, true, 'DIGITS', 10, 10),
  rule('payeeName', true, true, 'ENGLISH_SPACES', 2, 50),
  rule('email', true, false, 'EMAIL', 5, 100),
  rule('affiliateCode', true, false, 'ALNUM', 4, 20),
  rule('captcha', false, false, 'ALNUM', 4, 6),
  rule('paymentPassword', false, false, 'DIGITS', 6, 6),
  rule('qqNum', false, false, 'DIGITS', 5, 12),
];

/** The real English texts, with i18next's {{x}} filled in. */
const translate: Translate = (key, vars) => {
  const [, id, variant] = key.split('.') as [string, keyof typeof en.patterns, 'range' | 'exact'];
  return en.patterns[id][variant].replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k]));
};
const messages = { translate, mismatch: 'MISMATCH', codeRequired: 'CODE', terms: 'TERMS' };

describe('ruleMessage', () => {
  it('fills min and max, or a single number when they are equal', () => {
    expect(ruleMessage(RULES[0]!, translate)).toBe(
      'Enter 2–15 letters or digits, starting with a letter, without spaces or symbols.',
    );
    expect(ruleMessage(RULES[3]!, translate)).toBe('Enter 10 digits.');
  });

  it('falls back to the ANY family for a pattern id it does not know', () => {
    expect(ruleMessage({ patternId: 'SOMETHING_NEW', minLength: 3, maxLength: 8 }, translate)).toBe(
      'Enter 3–8 characters.',
    );
  });

  it('has a message for every pattern family of the contract', () => {
    for (const id of Object.keys(REGISTER_PATTERNS) as RegisterPatternId[]) {
      expect(en.patterns[id].exact).toBeTruthy();
      expect(ruleMessage({ patternId: id, minLength: 2, maxLength: 9 }, translate)).not.toMatch(/\{\{/);
    }
  });
});

describe('matchesRule', () => {
  it('checks length in characters, then the pattern; * accepts anything', () => {
    expect(matchesRule(RULES[0]!, 'alice1')).toBe(true);
    expect(matchesRule(RULES[0]!, '1alice')).toBe(false);
    expect(matchesRule(RULES[0]!, 'a')).toBe(false);
    expect(matchesRule({ acceptedPattern: '*', patternId: 'ANY', minLength: 1, maxLength: 2 }, '中文')).toBe(
      true,
    );
    expect(
      matchesRule(
        { acceptedPattern: REGISTER_PATTERNS.THAI, patternId: 'THAI', minLength: 1, maxLength: 5 },
        'สวัสดี',
      ),
    ).toBe(false);
  });
});

describe('planRegisterForm', () => {
  const fields = (mode: 'username' | 'mobile', smsVerification: boolean, affiliateField = true) =>
    planRegisterForm(RULES, { mode, smsVerification, affiliateField }).map(
      (p) => `${p.field}${p.required ? '*' : ''}`,
    );

  it('shows the enabled fields, marks the required ones, and asks for the SMS code with REGMOBVERF3', () => {
    expect(fields('username', true)).toEqual([
      'username*',
      'password*',
      'confirmPassword*',
      'mobileNum*',
      'verificationCode*',
      'payeeName*',
      'email',
      'affiliateCode',
    ]);
  });

  it('puts the number and its code first for mobile registration', () => {
    expect(fields('mobile', false).slice(0, 3)).toEqual(['mobileNum*', 'verificationCode*', 'username*']);
  });

  it('hides the affiliate field when the URL brought a valid code', () => {
    expect(fields('username', false, false)).not.toContain('affiliateCode');
  });

  it('requires the payment password whenever the brand shows it', () => {
    const plan = planRegisterForm(
      RULES.map((r) => (r.field === 'paymentPassword' ? { ...r, enabled: true } : r)),
      { mode: 'username', smsVerification: false, affiliateField: true },
    );
    expect(plan.find((p) => p.field === 'paymentPassword')?.required).toBe(true);
  });
});

describe('registerSchema', () => {
  const plan = planRegisterForm(RULES, { mode: 'username', smsVerification: true, affiliateField: true });
  const schema = registerSchema(plan, messages);
  const valid: RegisterValues = {
    username: 'alice01',
    password: 'secret123',
    confirmPassword: 'secret123',
    mobileNum: '9171234567',
    verificationCode: '123456',
    payeeName: 'Alice Reyes',
    email: '',
    affiliateCode: '',
    countryDialingCode: '63',
    terms: true,
  };
  const problems = (values: RegisterValues) => {
    const result = schema.safeParse(values);
    return result.success
      ? {}
      : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('accepts a good form and leaves optional fields empty', () => {
    expect(problems(valid)).toEqual({});
  });

  it('gives each field its rule message, also when it is missing', () => {
    expect(problems({ ...valid, username: '', mobileNum: '12345', email: 'not-mail' })).toEqual({
      username: 'Enter 2–15 letters or digits, starting with a letter, without spaces or symbols.',
      mobileNum: 'Enter 10 digits.',
      email: 'Enter a valid e-mail address of 5–100 characters.',
    });
  });

  it('needs the two passwords to match, the SMS code, and the terms', () => {
    expect(problems({ ...valid, confirmPassword: 'secret124', verificationCode: '', terms: false })).toEqual({
      verificationCode: 'CODE',
      terms: 'TERMS',
      confirmPassword: 'MISMATCH',
    });
  });

  it('trims text fields but checks passwords as typed', () => {
    const result = schema.safeParse({ ...valid, username: '  alice01 ' });
    expect(result.success && result.data.username).toBe('alice01');
    expect(problems({ ...valid, password: 'secret123 ', confirmPassword: 'secret123 ' })).toHaveProperty(
      'password',
    );
  });
});
