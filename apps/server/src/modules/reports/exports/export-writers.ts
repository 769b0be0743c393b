import { Writable } from 'node:stream';
import { minorText } from '@app/contracts';
import ExcelJS from 'exceljs';
import type { ReportCell, ReportColumn } from '../report-part';

/** The most bytes one stored chunk of a file holds. */
export const CHUNK_BYTES = 1024 * 1024;

/**
 * Bytes on their way to storage: writers append, the export takes them out in chunks of
 * CHUNK_BYTES (and the rest at the end), so at most about one chunk is held.
 */
export class ChunkBuffer {
  private parts: Buffer[] = [];
  private size = 0;

  push(b: Buffer): void {
    if (b.length === 0) return;
    this.parts.push(b);
    this.size += b.length;
  }

  get length(): number {
    return this.size;
  }

  /** The full chunks ready to store (none while less than CHUNK_BYTES is held). */
  takeFull(): Buffer[] {
    if (this.size < CHUNK_BYTES) return [];
    const all = Buffer.concat(this.parts, this.size);
    const out: Buffer[] = [];
    let at = 0;
    while (all.length - at >= CHUNK_BYTES) {
      out.push(all.subarray(at, at + CHUNK_BYTES));
      at += CHUNK_BYTES;
    }
    const rest = all.subarray(at);
    this.parts = rest.length ? [Buffer.from(rest)] : [];
    this.size = rest.length;
    return out;
  }

  /** Everything left (the file's last chunk). */
  takeRest(): Buffer {
    const all = Buffer.concat(this.parts, this.size);
    this.parts = [];
    this.size = 0;
    return all;
  }
}

/** Writes a report's rows into a ChunkBuffer as one file format. */
export interface ReportWriter {
  row(cells: readonly ReportCell[]): void;
  /** Writes what the format puts after the last row; resolves when every byte is in the buffer. */
  end(): Promise<void>;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/**
 * yyyy-mm-dd hh:mm:ss of an instant on the wall clock of a time zone. Intl is slow (tens of
 * microseconds a call), so the zone's offset is asked once per quarter hour of instants (no zone
 * changes its offset off a quarter hour) and the text is built from the shifted instant.
 */
function wallClock(zone: string) {
  const fmt = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const offsets = new Map<number, number>();
  const QUARTER = 15 * 60_000;
  const offsetAt = (ms: number): number => {
    const key = Math.floor(ms / QUARTER);
    let off = offsets.get(key);
    if (off === undefined) {
      const at = key * QUARTER;
      const p: Record<string, string> = {};
      for (const part of fmt.formatToParts(new Date(at))) p[part.type] = part.value;
      off = Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!) - at;
      if (offsets.size > 10_000) offsets.clear();
      offsets.set(key, off);
    }
    return off;
  };
  return (d: Date) => {
    const ms = d.getTime();
    if (Number.isNaN(ms)) return '';
    const w = new Date(ms + offsetAt(ms));
    return `${pad(w.getUTCFullYear(), 4)}-${pad(w.getUTCMonth() + 1)}-${pad(w.getUTCDate())} ${pad(w.getUTCHours())}:${pad(w.getUTCMinutes())}:${pad(w.getUTCSeconds())}`;
  };
}

/**
 * A text a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading
 * apostrophe: player-chosen names must not become formulas in a finance team's spreadsheet.
 * Numbers are written as numbers and never altered.
 */
function inert(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A fraction as plain decimal text (at most 6 decimals, no exponent). */
function fractionText(n: number): string {
  if (!Number.isFinite(n)) return '';
  return String(Number(n.toFixed(6)));
}

/** One cell's text in a CSV file, by its column's type. */
export function csvCell(type: ReportColumn['type'], v: ReportCell, clock: (d: Date) => string): string {
  if (v === null || v === undefined) return '';
  switch (type) {
    case 'money':
      return minorText(typeof v === 'number' ? BigInt(Math.round(v)) : (v as bigint | string));
    case 'int':
      return typeof v === 'number' ? String(Math.trunc(v)) : String(v);
    case 'percent':
      return fractionText(Number(v));
    case 'day':
      return v instanceof Date ? v.toISOString().slice(0, 10) : String(v);
    case 'datetime':
      return v instanceof Date ? clock(v) : String(v);
    case 'text':
      return csvField(inert(String(v)));
  }
}

/**
 * RFC 4180 CSV: UTF-8 with a byte-order mark (so Excel reads Thai and Chinese right), a header
 * line, CRLF line ends, fields quoted only when they hold a comma, a quote or a line break. Money
 * is major units with 2 decimals; days yyyy-mm-dd; date-times the zone's wall clock.
 */
export function csvWriter(columns: ReportColumn[], out: ChunkBuffer, zone: string): ReportWriter {
  const clock = wallClock(zone);
  let pending: string[] = [];
  let pendingLength = 0;
  const flush = () => {
    if (pending.length) out.push(Buffer.from(pending.join(''), 'utf8'));
    pending = [];
    pendingLength = 0;
  };
  const line = (fields: string[]) => {
    const text = `${fields.join(',')}\r\n`;
    pending.push(text);
    pendingLength += text.length;
    if (pendingLength >= 64 * 1024) flush();
  };
  out.push(Buffer.from([0xef, 0xbb, 0xbf]));
  line(columns.map((c) => csvField(c.header)));
  return {
    row(cells) {
      line(columns.map((c, i) => csvCell(c.type, cells[i] ?? null, clock)));
    },
    async end() {
      flush();
    },
  };
}

const NUM_FMT: Partial<Record<ReportColumn['type'], string>> = {
  money: '#,##0.00',
  int: '0',
  percent: '0.00%',
  day: 'yyyy-mm-dd',
  datetime: 'yyyy-mm-dd hh:mm:ss',
};

/** Excel stores a time without a zone: the instant shifted so its UTC reading is the zone's wall clock. */
function wallDate(d: Date, clock: (d: Date) => string): Date {
  return new Date(`${clock(d).replace(' ', 'T')}Z`);
}

/** One cell's value in an XLSX sheet: numbers, dates and text, typed. */
export function xlsxCell(
  type: ReportColumn['type'],
  v: ReportCell,
  clock: (d: Date) => string,
): string | number | Date | null {
  if (v === null || v === undefined) return null;
  switch (type) {
    case 'money':
      return Number(minorText(typeof v === 'number' ? BigInt(Math.round(v)) : (v as bigint | string)));
    case 'int':
    case 'percent':
      return Number(v);
    case 'day':
      return v instanceof Date ? v : new Date(`${String(v).slice(0, 10)}T00:00:00Z`);
    case 'datetime':
      return v instanceof Date ? wallDate(v, clock) : String(v);
    case 'text':
      return inert(String(v));
  }
}

/** A worksheet's name: at most 31 characters, none of []:*?/\ . */
function sheetName(name: string): string {
  return name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Report';
}

/**
 * XLSX through exceljs's streaming writer: each row is committed as it is written (only the
 * current row is held), numbers as numbers (money with 2 decimals shown), days and date-times
 * as dates, no shared-strings table (it would grow with the file).
 */
export function xlsxWriter(
  columns: ReportColumn[],
  out: ChunkBuffer,
  zone: string,
  title: string,
): ReportWriter {
  const clock = wallClock(zone);
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      out.push(chunk);
      done();
    },
  });
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: sink,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = book.addWorksheet(sheetName(title), { views: [{ state: 'frozen', ySplit: 1 }] });
  // Column styles would be copied into every cell, and exceljs would render each copy to find its
  // style id (most of its time): each column's cells share one style object, which it remembers.
  const styles = columns.map((c) => (NUM_FMT[c.type] ? { numFmt: NUM_FMT[c.type] } : {}));
  sheet.columns = columns.map((c) => ({
    header: c.header,
    key: c.key,
    width: c.type === 'text' ? 24 : c.type === 'datetime' ? 20 : 14,
  }));
  const head = sheet.getRow(1);
  head.font = { bold: true };
  head.commit();
  return {
    row(cells) {
      const row = sheet.addRow(columns.map((c, i) => xlsxCell(c.type, cells[i] ?? null, clock)));
      for (let i = 0; i < styles.length; i++) row.getCell(i + 1).style = styles[i]!;
      row.commit();
    },
    async end() {
      sheet.commit();
      const finished = new Promise<void>((resolve, reject) => {
        sink.on('finish', resolve);
        sink.on('error', reject);
      });
      await book.commit();
      await finished;
    },
  };
}
