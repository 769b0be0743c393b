/**
 * Pattern families for registration fields (SPEC section 5). A field rule names one by
 * patternId and carries its acceptedPattern; '*' means any value. Messages are keyed by
 * patternId in the locale files (with {min} and {max} substituted).
 */
export const REGISTER_PATTERNS = {
  ANY: '*',
  LETTER_FIRST_ALNUM: '^[A-Za-z][A-Za-z0-9]*$',
  DIGITS: '^[0-9]+$',
  EMAIL: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
  ALNUM: '^[A-Za-z0-9]+$',
  ALNUM_UPPER: '^(?=.*[A-Z])[A-Za-z0-9]+$',
  LETTERS_AND_DIGITS: '^(?=.*[A-Za-z])(?=.*[0-9])\\S+$',
  ENGLISH_SPACES: '^[A-Za-z ]+$',
  NO_SPACES: '^\\S+$',
  CHINESE: '^[\\u4e00-\\u9fa5]+$',
  KOREAN: '^[\\uac00-\\ud7a3]+$',
  THAI: '^[\\u0e00-\\u0e7f]+$',
  THAI_ENGLISH_SPACES: '^[\\u0e00-\\u0e7fA-Za-z ]+$',
  UPPER_SPACES: '^[A-Z ]+$',
  LETTERS_NUMBERS_SYMBOLS: '^[\\x21-\\x7E]+$',
  DATE_YMD: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$',
  DATE_MDY: '^(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])-\\d{4}$',
} as const;
export type RegisterPatternId = keyof typeof REGISTER_PATTERNS;
