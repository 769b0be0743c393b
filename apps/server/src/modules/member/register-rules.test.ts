import {
  REGISTER_PATTERNS,
  type RegisterField,
  type RegisterPatternId,
  type RegisterRule,
} from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { checkRegistration, fieldProblem } from './register-rules';

const rule = (
  patternId: RegisterPatternId,
  minLength = 1,
  maxLength = 50,
  over: Partial<RegisterRule> = {},
): RegisterRule => ({
  field: 'username',
  enabled: true,
  required: true,
  acceptedPattern: REGISTER_PATTERNS[patternId],
  patternId,
  minLength,
  maxLength,
  ...over,
});

/** A value each pattern family accepts and one it refuses (SPEC section 5). */
const SAMPLES: Record<RegisterPatternId, { good: string[]; bad: string[] }> = {
  ANY: { good: ['anything at all!', '密码 1'], bad: [] },
  LETTER_FIRST_ALNUM: { good: ['a1b2', 'Juan99'], bad: ['1abc', 'ab_c', 'ab c'] },
  DIGITS: { good: ['0917123456'], bad: ['0917-123', '12a', '１２３'] },
  EMAIL: { good: ['juan@example.com', 'a.b+c@mail.co.ph'], bad: ['juan@', 'juan example.com', 'a@b'] },
  ALNUM: { good: ['AbC123', 'abc'], bad: ['abc-123', 'ab c'] },
  ALNUM_UPPER: { good: ['Abc123', 'ABC'], bad: ['abc123', 'Abc-123'] },
  LETTERS_AND_DIGITS: { good: ['abc123', 'a1!@#'], bad: ['abcdef', '123456', 'abc 123'] },
  ENGLISH_SPACES: { good: ['Juan Dela Cruz'], bad: ['Juan2', 'José'] },
  NO_SPACES: { good: ['line.id_01'], bad: ['line id', 'tab\tid'] },
  CHINESE: { good: ['张伟'], bad: ['张 伟', 'Zhang'] },
  KOREAN: { good: ['김민준'], bad: ['김 민준', 'Kim'] },
  THAI: { good: ['สมชาย'], bad: ['สมชาย ใจดี', 'Somchai'] },
  THAI_ENGLISH_SPACES: { good: ['สมชาย Jaidee'], bad: ['สมชาย1', '张伟'] },
  UPPER_SPACES: { good: ['JUAN DELA CRUZ'], bad: ['Juan Dela Cruz', 'JUAN1'] },
  LETTERS_NUMBERS_SYMBOLS: { good: ['P@ssw0rd!'], bad: ['pass word', 'pässword'] },
  DATE_YMD: { good: ['1990-12-31'], bad: ['1990-13-01', '31-12-1990', '1990/12/31'] },
  DATE_MDY: { good: ['12-31-1990'], bad: ['1990-12-31', '13-01-1990'] },
};

describe('fieldProblem: every pattern family', () => {
  it('has samples for every family the contracts define', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(Object.keys(REGISTER_PATTERNS).sort());
  });

  for (const [patternId, { good, bad }] of Object.entries(SAMPLES) as [
    RegisterPatternId,
    (typeof SAMPLES)[RegisterPatternId],
  ][]) {
    it(`${patternId}: accepts ${JSON.stringify(good)} and refuses ${JSON.stringify(bad)}`, () => {
      for (const value of good) expect(fieldProblem(rule(patternId), value), value).toBeNull();
      for (const value of bad) expect(fieldProblem(rule(patternId), value), value).toBe('pattern');
    });
  }

  it('takes any value for the * pattern', () => {
    expect(fieldProblem(rule('ANY'), ' spaced out ')).toBeNull();
  });

  it('refuses everything when an operator pattern does not compile', () => {
    expect(fieldProblem({ ...rule('ANY'), acceptedPattern: '([a-z' }, 'abc')).toBe('pattern');
  });
});

describe('fieldProblem: length bounds', () => {
  it('accepts the bounds themselves and refuses one outside', () => {
    const r = rule('ALNUM', 2, 4);
    expect(fieldProblem(r, 'ab')).toBeNull();
    expect(fieldProblem(r, 'abcd')).toBeNull();
    expect(fieldProblem(r, 'a')).toBe('length');
    expect(fieldProblem(r, 'abcde')).toBe('length');
  });

  it('counts characters, not UTF-16 units', () => {
    const r = { ...rule('ANY', 1, 2) };
    expect(fieldProblem(r, '𠀀𠀀')).toBeNull(); // two characters outside the BMP
    expect(fieldProblem(r, '𠀀𠀀𠀀')).toBe('length');
  });

  it('reports length before pattern', () => {
    expect(fieldProblem(rule('DIGITS', 10, 10), '12a')).toBe('length');
  });
});

describe('checkRegistration', () => {
  const r = (
    field: RegisterField,
    patternId: RegisterPatternId,
    min: number,
    max: number,
    enabled = true,
    required = true,
  ) => rule(patternId, min, max, { field, enabled, required });
  const GOLDEN_LIKE: RegisterRule[] = [
    r('username', 'LETTER_FIRST_ALNUM', 2, 15),
    r('password', 'LETTERS_AND_DIGITS', 6, 20),
    r('confirmPassword', 'LETTERS_AND_DIGITS', 6, 20),
    r('mobileNum', 'DIGITS', 10, 10),
    r('payeeName', 'ENGLISH_SPACES', 2, 50),
    r('email', 'EMAIL', 5, 100, true, false),
    r('qqNum', 'DIGITS', 5, 12, false, true),
    r('captcha', 'ALNUM', 4, 6),
    r('verificationCode', 'DIGITS', 0, 255),
  ];
  const good = {
    username: 'juan01',
    password: 'abc123',
    confirmPassword: 'abc123',
    mobileNum: '9171234567',
    payeeName: 'Juan Dela Cruz',
  };

  it('passes a good form', () => {
    expect(checkRegistration(GOLDEN_LIKE, good, ['username', 'password'])).toEqual([]);
  });

  it('names the field, patternId, min and max of each error', () => {
    expect(checkRegistration(GOLDEN_LIKE, { ...good, username: '9lives', mobileNum: '917' }, [])).toEqual([
      { field: 'username', patternId: 'LETTER_FIRST_ALNUM', min: 2, max: 15, reason: 'pattern' },
      { field: 'mobileNum', patternId: 'DIGITS', min: 10, max: 10, reason: 'length' },
    ]);
  });

  it('requires required fields (blank counts as missing) and leaves optional ones alone', () => {
    const errors = checkRegistration(GOLDEN_LIKE, { ...good, payeeName: '   ', email: undefined }, []);
    expect(errors).toEqual([
      { field: 'payeeName', patternId: 'ENGLISH_SPACES', min: 2, max: 50, reason: 'required' },
    ]);
    // An optional field, when given, must still follow its rule.
    expect(checkRegistration(GOLDEN_LIKE, { ...good, email: 'nope' }, [])).toEqual([
      { field: 'email', patternId: 'EMAIL', min: 5, max: 100, reason: 'length' },
    ]);
    expect(checkRegistration(GOLDEN_LIKE, { ...good, email: 'nope@nope' }, [])).toEqual([
      { field: 'email', patternId: 'EMAIL', min: 5, max: 100, reason: 'pattern' },
    ]);
  });

  it('ignores disabled fields, however bad or missing', () => {
    expect(checkRegistration(GOLDEN_LIKE, { ...good, qqNum: 'not digits' }, [])).toEqual([]);
    expect(checkRegistration(GOLDEN_LIKE, good, [])).toEqual([]);
  });

  it('leaves captcha and SMS codes to their own checks', () => {
    expect(checkRegistration(GOLDEN_LIKE, { ...good, captcha: '!', verificationCode: 'x' }, [])).toEqual([]);
  });

  it('adds the fields the sign-up type needs, with a default rule when the brand has none', () => {
    const noMobileRule = GOLDEN_LIKE.filter((x) => x.field !== 'mobileNum' && x.field !== 'username');
    const errors = checkRegistration(noMobileRule, { ...good, mobileNum: undefined, username: undefined }, [
      'mobileNum',
    ]);
    expect(errors).toEqual([{ field: 'mobileNum', patternId: 'ANY', min: 1, max: 255, reason: 'required' }]);
    // A disabled rule becomes required when the type needs the field.
    const disabledUser = GOLDEN_LIKE.map((x) =>
      x.field === 'username' ? { ...x, enabled: false, required: false } : x,
    );
    expect(checkRegistration(disabledUser, { ...good, username: '' }, ['username'])).toEqual([
      { field: 'username', patternId: 'LETTER_FIRST_ALNUM', min: 2, max: 15, reason: 'required' },
    ]);
  });

  it('reports a confirmation that differs from the password as a mismatch', () => {
    expect(checkRegistration(GOLDEN_LIKE, { ...good, confirmPassword: 'abc124' }, [])).toEqual([
      { field: 'confirmPassword', patternId: 'LETTERS_AND_DIGITS', min: 6, max: 20, reason: 'mismatch' },
    ]);
    // A confirmation already wrong by its own rule is reported once, for that.
    expect(checkRegistration(GOLDEN_LIKE, { ...good, confirmPassword: 'abc' }, [])).toEqual([
      { field: 'confirmPassword', patternId: 'LETTERS_AND_DIGITS', min: 6, max: 20, reason: 'length' },
    ]);
  });

  it('checks passwords as typed (spaces are not trimmed away)', () => {
    expect(
      checkRegistration(GOLDEN_LIKE, { ...good, password: ' abc123', confirmPassword: ' abc123' }, []),
    ).toEqual([
      { field: 'password', patternId: 'LETTERS_AND_DIGITS', min: 6, max: 20, reason: 'pattern' },
      { field: 'confirmPassword', patternId: 'LETTERS_AND_DIGITS', min: 6, max: 20, reason: 'pattern' },
    ]);
  });
});
