import { REGISTER_PATTERNS, type RegisterRule } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  checkConfirm,
  checkDialingCode,
  checkNewPassword,
  checkRule,
  checkSixDigits,
  groupSecret,
  isRequired,
  maskMobile,
  ruleFor,
} from './validation';

const golden: RegisterRule[] = [
  {
    field: 'password',
    enabled: true,
    required: true,
    acceptedPattern: REGISTER_PATTERNS.LETTERS_AND_DIGITS,
    patternId: 'LETTERS_AND_DIGITS',
    minLength: 6,
    maxLength: 20,
  },
  {
    field: 'email',
    enabled: true,
    required: false,
    acceptedPattern: REGISTER_PATTERNS.EMAIL,
    patternId: 'EMAIL',
    minLength: 5,
    maxLength: 100,
  },
  {
    field: 'payeeName',
    enabled: true,
    required: true,
    acceptedPattern: REGISTER_PATTERNS.ENGLISH_SPACES,
    patternId: 'ENGLISH_SPACES',
    minLength: 2,
    maxLength: 50,
  },
];

describe('security form rules', () => {
  it("checks a new password against the brand's rule", () => {
    const rule = ruleFor(golden, 'password');
    expect(checkNewPassword(rule, 'abc123')).toBeNull();
    expect(checkNewPassword(rule, 'abcdef')).toEqual({ kind: 'rule', rule });
    expect(checkNewPassword(rule, 'ab1')).toEqual({ kind: 'rule', rule });
    expect(checkNewPassword(rule, 'a1'.repeat(11))).toEqual({ kind: 'rule', rule });
    expect(checkNewPassword(rule, '')).toEqual({ kind: 'required' });
    expect(checkNewPassword(rule, 'abc123', 'abc123')).toEqual({ kind: 'sameAsOld' });
  });

  it('lets an optional field stay empty and falls back to defaults', () => {
    expect(isRequired(golden, 'email')).toBe(false);
    expect(checkRule(ruleFor(golden, 'email'), '', false)).toBeNull();
    expect(checkRule(ruleFor(golden, 'email'), 'nope', false)?.kind).toBe('rule');
    expect(ruleFor([], 'mobileNum').patternId).toBe('DIGITS');
    expect(checkRule(ruleFor(golden, 'payeeName'), 'Juan Dela Cruz', false)).toBeNull();
    expect(checkRule(ruleFor(golden, 'payeeName'), 'Juan 2', false)?.kind).toBe('rule');
  });

  it('maps an unknown pattern family to ANY and never throws on a broken pattern', () => {
    const rule = ruleFor(
      [{ ...golden[0]!, field: 'payeeName', patternId: 'MADE_UP', acceptedPattern: '([' }],
      'payeeName',
    );
    expect(rule.patternId).toBe('ANY');
    expect(checkRule(rule, 'abcdefg', true)).toBeNull();
  });

  it('checks codes, confirmations and dialing codes', () => {
    expect(checkSixDigits('123456')).toBeNull();
    expect(checkSixDigits('12345a')).toEqual({ kind: 'sixDigits' });
    expect(checkConfirm('a', 'b')).toEqual({ kind: 'mismatch' });
    expect(checkConfirm('', 'b')).toEqual({ kind: 'required' });
    expect(checkDialingCode('+63')).toBeNull();
    expect(checkDialingCode('63a')?.kind).toBe('rule');
  });

  it('masks a mobile number and groups a secret', () => {
    expect(maskMobile('63', '9170000001')).toBe('+63 917••••001');
    expect(groupSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
  });
});
