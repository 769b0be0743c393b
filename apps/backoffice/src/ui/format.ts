import { LOCALE_TAGS, currentLanguage } from '../i18n';

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** Money with 2 decimals and the language's thousands separators. */
export function formatMoney(value: number): string {
  const tag = LOCALE_TAGS[currentLanguage()];
  let f = moneyFormats.get(tag);
  if (!f) {
    f = new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    moneyFormats.set(tag, f);
  }
  return f.format(value);
}

export function formatNumber(value: number): string {
  return new Intl.NumberFormat(LOCALE_TAGS[currentLanguage()]).format(value);
}

/** A moment in the brand's time zone when known, else the browser's. */
export function formatDateTime(iso: string, timeZone?: string, withSeconds = false): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(LOCALE_TAGS[currentLanguage()], {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: withSeconds ? '2-digit' : undefined,
    hour12: false,
    timeZone,
  }).format(d);
}
