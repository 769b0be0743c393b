import type { AmlListKind, AmlRuleKind } from '@app/contracts';

/** A rule's settings as the evaluator reads them (amount in minor units). */
export interface RuleConfig {
  kind: AmlRuleKind;
  enabled: boolean;
  amount: bigint | null;
  windowHours: number | null;
  percent: number | null;
  count: number | null;
}

/**
 * Each rule's defaults, for a brand that has not set it. PHP 5,000,000 is the covered-transaction
 * threshold of casinos under the Philippine AMLA (minor units: centavos).
 */
export const DEFAULT_RULES: Record<AmlRuleKind, RuleConfig> = {
  LARGE_TRANSACTION: {
    kind: 'LARGE_TRANSACTION',
    enabled: true,
    amount: 500_000_000n,
    windowHours: null,
    percent: null,
    count: null,
  },
  CUMULATIVE_DEPOSITS: {
    kind: 'CUMULATIVE_DEPOSITS',
    enabled: true,
    amount: 500_000_000n,
    windowHours: 24,
    percent: null,
    count: null,
  },
  // Stakes since the deposits of the window below 10 % of them, when a withdrawal is asked.
  LITTLE_PLAY: {
    kind: 'LITTLE_PLAY',
    enabled: true,
    amount: null,
    windowHours: 72,
    percent: 10,
    count: null,
  },
  // More than 2 members of the brand on one payout account / one device.
  SHARED_PAYOUT_ACCOUNT: {
    kind: 'SHARED_PAYOUT_ACCOUNT',
    enabled: true,
    amount: null,
    windowHours: null,
    percent: null,
    count: 2,
  },
  SHARED_DEVICE: {
    kind: 'SHARED_DEVICE',
    enabled: true,
    amount: null,
    windowHours: null,
    percent: null,
    count: 2,
  },
  // 3 deposits within 24 hours each within 10 % below the LARGE_TRANSACTION threshold.
  STRUCTURING: { kind: 'STRUCTURING', enabled: true, amount: null, windowHours: 24, percent: 10, count: 3 },
};

/** The field of a brand's row, or the default where the brand left it empty. */
export function withDefaults(kind: AmlRuleKind, row: Partial<RuleConfig> | undefined): RuleConfig {
  const d = DEFAULT_RULES[kind];
  if (!row) return d;
  return {
    kind,
    enabled: row.enabled ?? d.enabled,
    amount: row.amount ?? d.amount,
    windowHours: row.windowHours ?? d.windowHours,
    percent: row.percent ?? d.percent,
    count: row.count ?? d.count,
  };
}

/**
 * The lower edge of the structuring band: deposits at or above it and below the threshold are
 * "just under" it. Integer arithmetic (minor units), rounded up so the band never grows.
 */
export function structuringFloor(threshold: bigint, percent: number): bigint {
  const cut = (threshold * BigInt(percent)) / 100n;
  return threshold - cut;
}

/** Whether stakes count as "little play": below percent % of the deposits they follow. */
export function isLittlePlay(deposits: bigint, stakes: bigint, percent: number): boolean {
  return deposits > 0n && stakes * 100n < deposits * BigInt(percent);
}

/**
 * A name as screening compares it: accents dropped, case folded, punctuation and spacing
 * collapsed, tokens sorted (lists write "SURNAME, Given" as often as "Given Surname").
 */
export function normalizeName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .sort()
    .join(' ');
}

/** A list entry parsed from an upload. */
export interface ListEntryInput {
  name: string;
  nameKey: string;
  dateOfBirth: string | null;
  country: string | null;
}

/** A rejected line of an upload: its number (1-based) and why. */
export interface ListError {
  line: number;
  reason: string;
}

/** Splits one CSV line (RFC 4180 quotes; a quoted field may not span lines in these lists). */
function csvFields(line: string): string[] | null {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"' && cur === '') quoted = true;
    else if (c === ',') {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  if (quoted) return null;
  out.push(cur);
  return out.map((f) => f.trim());
}

function realDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && d.getTime() < Date.now();
}

/**
 * Parses an uploaded list: name, date_of_birth (yyyy-mm-dd or empty), country (optional), and an
 * optional list_kind column that must name the list being uploaded. A first line naming the
 * columns is skipped. Every bad line is reported; the caller changes nothing when any is.
 */
export function parseListCsv(
  csv: string,
  kind: AmlListKind,
): { entries: ListEntryInput[]; errors: ListError[] } {
  const entries: ListEntryInput[] = [];
  const errors: ListError[] = [];
  const lines = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
  lines.forEach((raw, i) => {
    const line = i + 1;
    if (raw.trim() === '') return;
    const f = csvFields(raw);
    if (!f) return errors.push({ line, reason: 'unclosed quote' });
    if (i === 0 && f[0]?.toLowerCase() === 'name') return;
    if (f.length > 4) return errors.push({ line, reason: 'too many columns' });
    const [name = '', dob = '', country = '', listKind = ''] = f;
    const nameKey = normalizeName(name);
    if (!nameKey) return errors.push({ line, reason: 'name missing' });
    if (name.length > 200) return errors.push({ line, reason: 'name too long' });
    if (dob && !realDate(dob)) return errors.push({ line, reason: 'date_of_birth not yyyy-mm-dd' });
    if (country.length > 60) return errors.push({ line, reason: 'country too long' });
    if (listKind && listKind.toUpperCase() !== kind)
      return errors.push({ line, reason: `list_kind is not ${kind}` });
    entries.push({ name, nameKey, dateOfBirth: dob || null, country: country || null });
  });
  if (!entries.length && !errors.length) errors.push({ line: 1, reason: 'no entries' });
  return { entries, errors };
}

/** A CSV cell: quoted when needed, and a leading formula character neutralised for spreadsheets. */
export function csvCell(value: string | null): string {
  if (value === null) return '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
