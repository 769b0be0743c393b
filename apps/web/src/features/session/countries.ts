import { SERVED_COUNTRIES, type Country } from '@app/contracts';

/**
 * Countries the dialing-code picker offers (SPEC section 3; the brands' markets first). Names come
 * from the browser's Intl.DisplayNames in the current language, so no locale file has to list them.
 */
export const COUNTRIES: readonly Country[] = SERVED_COUNTRIES;

/** The brand's home country by its time zone, when the visitor's own country is not offered. */
const COUNTRY_OF_TIMEZONE: Record<string, string> = {
  'Asia/Manila': 'PH',
  'Asia/Kuala_Lumpur': 'MY',
  'Asia/Jakarta': 'ID',
  'Asia/Bangkok': 'TH',
  'Asia/Ho_Chi_Minh': 'VN',
  'Asia/Saigon': 'VN',
  'Asia/Singapore': 'SG',
  'Asia/Phnom_Penh': 'KH',
  'Asia/Yangon': 'MM',
  'Asia/Vientiane': 'LA',
  'Asia/Shanghai': 'CN',
  'Asia/Hong_Kong': 'HK',
  'Asia/Taipei': 'TW',
  'Asia/Kolkata': 'IN',
  'Asia/Seoul': 'KR',
  'Asia/Tokyo': 'JP',
};

const normalizeDialingCode = (code: string) => code.trim().replace(/^\+/, '');

export const countryByDialingCode = (code: string) =>
  COUNTRIES.find((c) => c.countryDialingCode === normalizeDialingCode(code));

/**
 * Where the picker starts (SPEC section 4): the supplied dialing code if it is in the list,
 * else the visitor's current country, else the brand's country, else the first entry.
 */
export function initialDialingCode(opts: {
  supplied?: string | null;
  visitorCountry?: string | null;
  timezone?: string;
}): string {
  if (opts.supplied && countryByDialingCode(opts.supplied)) return normalizeDialingCode(opts.supplied);
  const byCountry = (code: string | null | undefined) => COUNTRIES.find((c) => c.countryCode === code);
  const country =
    byCountry(opts.visitorCountry) ?? byCountry(COUNTRY_OF_TIMEZONE[opts.timezone ?? '']) ?? COUNTRIES[0]!;
  return country.countryDialingCode;
}
