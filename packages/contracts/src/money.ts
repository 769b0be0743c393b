/**
 * Money on the wire is a JSON number with at most 2 decimals (what real clients read); inside the
 * server it is an integer of minor units (bigint) and never touches a float. This module is
 * zod-free so the site can use it on its first load.
 */

/** Minor units per major unit: every brand's currency has 2 decimals. */
export const MINOR_PER_MAJOR = 100n;

/** The largest amount one request may move: 10 billion in major units (fits bigint and a double). */
export const MAX_AMOUNT_MINOR = 1_000_000_000_000n;

/** An amount as typed or sent: digits with up to two decimals, no sign, no exponent. */
export const AMOUNT_PATTERN = /^(0|[1-9]\d{0,11})(\.\d{1,2})?$/;

/**
 * "12.5" or 12.5 → 1250n. Returns null for anything that is not a plain non-negative amount with
 * at most two decimals (negative, exponent, three decimals, NaN, empty).
 * WARNING: never multiply a float by 100 to get minor units: 1.005 * 100 is 100.49999999999999.
 */
export function toMinor(value: string | number): bigint | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const m = AMOUNT_PATTERN.exec(text);
  if (!m) return null;
  const whole = BigInt(m[1]!);
  const cents = BigInt((m[2] ?? '.').slice(1).padEnd(2, '0'));
  const minor = whole * MINOR_PER_MAJOR + cents;
  return minor > MAX_AMOUNT_MINOR ? null : minor;
}

/** Minor units → "-1234.50": plain text with 2 decimals and no separators (gateways, messages). */
export function minorText(minor: bigint | string | number): string {
  const v = BigInt(minor);
  const sign = v < 0n ? '-' : '';
  const abs = v < 0n ? -v : v;
  return `${sign}${abs / MINOR_PER_MAJOR}.${String(abs % MINOR_PER_MAJOR).padStart(2, '0')}`;
}

/** Minor units (bigint, or the decimal string a database returns for int8) → a JSON number. */
export function fromMinor(minor: bigint | string | number): number {
  // Built from the decimal text so the number is the closest double to exactly 2 decimals.
  return Number(minorText(minor));
}

/** 1234.5 → "1,234.50" (thousands separators, always two decimals), for display. */
export function formatMoney(amount: number, locale = 'en-US'): string {
  return moneyFormat(locale).format(amount);
}

/**
 * One formatter per locale, made once: toLocaleString with options builds a new Intl.NumberFormat
 * on every call, which a page of game tiles (each with its minimum bet) pays hundreds of times.
 */
const moneyFormats = new Map<string, Intl.NumberFormat>();
function moneyFormat(locale: string): Intl.NumberFormat {
  let format = moneyFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    moneyFormats.set(locale, format);
  }
  return format;
}
