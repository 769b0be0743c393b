import {
  RECONCILIATION_MAX_BYTES,
  RECONCILIATION_MAX_LINES,
  toMinor,
  type ReconciliationIssue,
} from '@app/contracts';
import { AppError } from '../../../platform/app-error';
import type { ProviderOrder } from './cashier-reports.repository';

/**
 * A payment provider's settlement file (CSV) read and matched against our orders. Pure: no
 * database, so every rule is tested on its own and a bad file is refused before anything is read
 * or stored.
 */

/**
 * The header names taken for each column, compared without case, spaces, dashes or underscores
 * ("Order No", "order_no" and "ORDER-NO" are one name). README lists them.
 */
export const SETTLEMENT_HEADERS = {
  reference: [
    'orderno',
    'ordernumber',
    'merchantorderno',
    'merchantreference',
    'referenceid',
    'reference',
    'externalid',
  ],
  providerRef: ['providerreference', 'providerref', 'transactionid', 'paymentid', 'payoutid', 'id'],
  amount: ['amount', 'grossamount', 'transactionamount'],
  fee: ['fee', 'fees', 'feeamount', 'mdr'],
  status: ['status', 'transactionstatus', 'state'],
  time: ['time', 'datetime', 'createdat', 'created', 'settledat', 'transactiondate', 'date', 'timestamp'],
} as const;
type Column = keyof typeof SETTLEMENT_HEADERS;

/** A provider's status word → ours; a word not listed refuses the file (README lists them). */
const STATUS_WORDS: Record<string, 'SUCCEEDED' | 'FAILED' | 'PENDING' | 'REVERSED'> = {
  SUCCEEDED: 'SUCCEEDED',
  SUCCESS: 'SUCCEEDED',
  SUCCESSFUL: 'SUCCEEDED',
  SETTLED: 'SUCCEEDED',
  PAID: 'SUCCEEDED',
  COMPLETED: 'SUCCEEDED',
  CAPTURED: 'SUCCEEDED',
  FAILED: 'FAILED',
  FAILURE: 'FAILED',
  EXPIRED: 'FAILED',
  CANCELLED: 'FAILED',
  CANCELED: 'FAILED',
  REJECTED: 'FAILED',
  DECLINED: 'FAILED',
  VOIDED: 'FAILED',
  PENDING: 'PENDING',
  REQUESTED: 'PENDING',
  ACCEPTED: 'PENDING',
  PROCESSING: 'PENDING',
  LOCKED: 'PENDING',
  REVERSED: 'REVERSED',
  REFUNDED: 'REVERSED',
};

export interface SettlementLine {
  /** Line number in the file (the header is line 1). */
  line: number;
  reference: string | null;
  providerRef: string | null;
  amount: bigint;
  fee: bigint;
  status: 'SUCCEEDED' | 'FAILED' | 'PENDING' | 'REVERSED';
  time: Date | null;
}

const normalise = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, '');

/** RFC 4180 records: quoted fields with "" for a quote, CRLF or LF, the given delimiter. */
function* records(text: string, delimiter: string): Generator<{ fields: string[]; line: number }> {
  let field = '';
  let fields: string[] = [];
  let quoted = false;
  let line = 1;
  let startLine = 1;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        if (ch === '\n') line++;
        field += ch;
      }
      i++;
      continue;
    }
    if (ch === '"' && field === '') quoted = true;
    else if (ch === delimiter) {
      fields.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      fields.push(field);
      yield { fields, line: startLine };
      fields = [];
      field = '';
      if (ch === '\r' && text[i + 1] === '\n') i++;
      line++;
      startLine = line;
    } else field += ch;
    i++;
  }
  if (quoted) throw new AppError('report.reconcile.not.csv');
  if (field !== '' || fields.length > 0) {
    fields.push(field);
    yield { fields, line: startLine };
  }
}

/** A money cell: "1234.50", "1,234.50" (quoted) or "1234"; null when it is not one. */
function money(cell: string): bigint | null {
  const text = cell.trim().replace(/,/g, '');
  return text === '' ? null : toMinor(text);
}

/**
 * Reads a settlement file: refuses (nothing stored) a file that is too large, not text or not
 * CSV, lacks a column, has too many lines, or a cell that is not what its column takes.
 */
export function parseSettlementFile(fileName: string, content: string): SettlementLine[] {
  if (Buffer.byteLength(content, 'utf8') > RECONCILIATION_MAX_BYTES)
    throw new AppError('report.reconcile.too.large', undefined, [RECONCILIATION_MAX_BYTES / 1024 / 1024]);
  if (!/\.(csv|txt)$/i.test(fileName) || content.includes('\u0000'))
    throw new AppError('report.reconcile.not.csv');
  const text = content.replace(/^\uFEFF/, '');
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = [',', ';', '\t'].reduce((best, d) =>
    firstLine.split(d).length > firstLine.split(best).length ? d : best,
  );
  if (firstLine.split(delimiter).length < 3) throw new AppError('report.reconcile.not.csv');
  const it = records(text, delimiter);
  const head = it.next();
  if (head.done) throw new AppError('report.reconcile.not.csv');
  const names = head.value.fields.map(normalise);
  const index = {} as Record<Column, number>;
  for (const col of Object.keys(SETTLEMENT_HEADERS) as Column[]) {
    const taken: readonly string[] = SETTLEMENT_HEADERS[col];
    // The first heading in the column's own order of preference (e.g. order_no before reference).
    index[col] = taken.map((t) => names.indexOf(t)).find((i) => i >= 0) ?? -1;
  }
  const missing: string[] = [];
  if (index.reference < 0 && index.providerRef < 0) missing.push('order_no / provider_reference');
  for (const col of ['amount', 'fee', 'status'] as const) if (index[col] < 0) missing.push(col);
  if (missing.length) throw new AppError('report.reconcile.columns', undefined, [missing.join(', ')]);

  const out: SettlementLine[] = [];
  for (const { fields, line } of it) {
    if (fields.every((f) => f.trim() === '')) continue;
    if (out.length >= RECONCILIATION_MAX_LINES)
      throw new AppError('report.reconcile.too.many.lines', undefined, [RECONCILIATION_MAX_LINES]);
    const cell = (col: Column) => (index[col] >= 0 ? (fields[index[col]] ?? '').trim() : '');
    const bad = (col: string, value: string) =>
      new AppError('report.reconcile.value', undefined, [line, col, value.slice(0, 40)]);
    const reference = cell('reference') || null;
    const providerRef = cell('providerRef') || null;
    if (!reference && !providerRef) throw bad('order_no / provider_reference', '');
    const amount = money(cell('amount'));
    if (amount === null) throw bad('amount', cell('amount'));
    const feeCell = cell('fee');
    const fee = feeCell === '' ? 0n : money(feeCell);
    if (fee === null) throw bad('fee', feeCell);
    const status = STATUS_WORDS[cell('status').toUpperCase()];
    if (!status) throw bad('status', cell('status'));
    let time: Date | null = null;
    const timeCell = cell('time');
    if (timeCell) {
      time = new Date(timeCell);
      if (Number.isNaN(time.getTime())) throw bad('time', timeCell);
    }
    out.push({ line, reference, providerRef, amount, fee, status, time });
  }
  if (out.length === 0) throw new AppError('report.reconcile.empty');
  return out;
}

/** The references a file names (ours and the provider's): what our orders are looked up by. */
export function fileRefs(lines: SettlementLine[]): string[] {
  const refs = new Set<string>();
  for (const l of lines) {
    if (l.reference) refs.add(l.reference);
    if (l.providerRef) refs.add(l.providerRef);
  }
  return [...refs];
}

export interface MatchedLine {
  fileLine: number | null;
  issues: ReconciliationIssue[];
  direction: 'DEPOSIT' | 'PAYOUT' | null;
  orderNo: string | null;
  providerRef: string | null;
  fileAmount: bigint | null;
  ourAmount: bigint | null;
  fileFee: bigint | null;
  ourFee: bigint | null;
  fileStatus: string | null;
  ourStatus: string | null;
  fileTime: Date | null;
}

/**
 * Each file line against our order (by our order number, else the provider's reference): on the
 * file but not ours, amount, fee or status different, named twice in the file. Then our orders of
 * the period that succeeded in our books and that no line named: ours but not on the file (an
 * order that failed or is still open is not expected on a settlement). Payouts carry no fee of
 * ours, so their fee is not compared.
 */
export function matchSettlement(lines: SettlementLine[], ours: ProviderOrder[]): MatchedLine[] {
  const byOrder = new Map<string, ProviderOrder>();
  const byProvider = new Map<string, ProviderOrder>();
  for (const o of ours) {
    byOrder.set(o.order_no, o);
    if (o.provider_ref) byProvider.set(o.provider_ref, o);
  }
  const seen = new Set<ProviderOrder>();
  const out: MatchedLine[] = [];
  for (const l of lines) {
    const o =
      (l.reference ? (byOrder.get(l.reference) ?? byProvider.get(l.reference)) : undefined) ??
      (l.providerRef ? (byProvider.get(l.providerRef) ?? byOrder.get(l.providerRef)) : undefined);
    const issues: ReconciliationIssue[] = [];
    if (!o) issues.push('MISSING_OURS');
    else {
      if (seen.has(o)) issues.push('DUPLICATE');
      seen.add(o);
      if (BigInt(o.amount) !== l.amount) issues.push('AMOUNT');
      if (o.fee !== null && BigInt(o.fee) !== l.fee) issues.push('FEE');
      if (o.status !== l.status) issues.push('STATUS');
    }
    out.push({
      fileLine: l.line,
      issues,
      direction: o?.direction ?? null,
      orderNo: o?.order_no ?? l.reference,
      providerRef: o?.provider_ref ?? l.providerRef,
      fileAmount: l.amount,
      ourAmount: o ? BigInt(o.amount) : null,
      fileFee: l.fee,
      ourFee: o?.fee != null ? BigInt(o.fee) : null,
      fileStatus: l.status,
      ourStatus: o?.status ?? null,
      fileTime: l.time,
    });
  }
  for (const o of ours) {
    if (seen.has(o) || !o.in_period || o.status !== 'SUCCEEDED') continue;
    out.push({
      fileLine: null,
      issues: ['MISSING_FILE'],
      direction: o.direction,
      orderNo: o.order_no,
      providerRef: o.provider_ref,
      fileAmount: null,
      ourAmount: BigInt(o.amount),
      fileFee: null,
      ourFee: o.fee !== null ? BigInt(o.fee) : null,
      fileStatus: null,
      ourStatus: o.status,
      fileTime: null,
    });
  }
  return out;
}
