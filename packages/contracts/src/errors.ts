/**
 * Stable error codes and their HTTP statuses. The code is the contract with clients;
 * the message text lives in the server's message catalogue, one per language.
 */
export const ERRORS = {
  'request.invalid': 400,
  'system.language.unsupported': 400,
  'system.merchant.unknown': 404,
  'login.not.session': 401,
  'system.forbidden': 403,
  'system.region.restricted': 403,
  'system.not.found': 404,
  'system.conflict': 409,
  'system.throttled': 429,
  'system.error': 500,
  'system.maintenance': 503,
} as const;

export type ErrorCode = keyof typeof ERRORS;
export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];

export function httpStatusOf(code: ErrorCode): number {
  return ERRORS[code];
}
