import { minorText } from '@app/contracts';
import { once } from 'node:events';
import { crc32, createDeflateRaw } from 'node:zlib';
import { type AsyncFlateStreamHandler, Zip, ZipDeflate, type ZipInputFile } from 'fflate';
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
  /** Writes a row; a promise when the writer is behind and the caller should wait for it. */
  row(cells: readonly ReportCell[]): void | Promise<void>;
  /** Writes what the format puts after the last row; resolves when every byte is in the buffer. */
  end(): Promise<void>;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/**
 * An instant shifted by a time zone's offset, so its UTC reading is the zone's wall clock. Intl is
 * slow (tens of microseconds a call), so the zone's offset is asked once per quarter hour of
 * instants (no zone changes its offset off a quarter hour).
 */
function wallShift(zone: string): (ms: number) => number {
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
  return (ms) => {
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
    return ms + off;
  };
}

/** yyyy-mm-dd hh:mm:ss of an instant on the wall clock of a time zone ('' for an invalid date). */
function wallClock(zone: string): (d: Date) => string {
  const shift = wallShift(zone);
  return (d) => {
    const ms = d.getTime();
    if (Number.isNaN(ms)) return '';
    const w = new Date(shift(ms));
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

/** The number formats of typed cells; style ids 2.. in styles.xml, in this order (1 is the header). */
const NUM_FMTS: [ReportColumn['type'], string][] = [
  ['money', '#,##0.00'],
  ['int', '0'],
  ['percent', '0.00%'],
  ['day', 'yyyy-mm-dd'],
  ['datetime', 'yyyy-mm-dd hh:mm:ss'],
];
const STYLE_OF = new Map(NUM_FMTS.map(([type], i) => [type, i + 2]));

/** The most rows one worksheet holds (Excel's limit, header included); more go on the next sheet. */
export const XLSX_SHEET_ROWS = 1_048_576;

const DAY_MS = 86_400_000;
/** Excel's day number of 1970-01-01 (its days count from 1899-12-30 in the 1900 date system). */
const EXCEL_EPOCH_DAYS = 25_569;
const NUMBER = /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i;

/**
 * Text as XML character data: markup escaped; characters XML cannot hold (control characters
 * other than tab and line breaks) written as OOXML's _xHHHH_, and a literal "_xHHHH_" protected
 * the same way, so the spreadsheet reads back exactly the text written.
 */
export function xmlText(text: string): string {
  return text
    .replace(/_(?=x[0-9A-Fa-f]{4}_)/g, '_x005F_')
    .replace(
      /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g,
      (c) => `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`,
    )
    .replace(/[&<>"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;'));
}

/** A column's letters: 0 -> A, 25 -> Z, 26 -> AA. */
function columnName(i: number): string {
  let name = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/**
 * One cell's value in an XLSX sheet: a number (as the text written into the sheet), an instant's
 * Excel day number, or text; null for an empty cell. Money is major units to the cent as text
 * (never through a float), days and date-times are day numbers (date-times on the zone's wall
 * clock: Excel keeps no zone).
 */
export function xlsxCell(
  type: ReportColumn['type'],
  v: ReportCell,
  shift: (ms: number) => number,
): { number: string } | { text: string } | null {
  if (v === null || v === undefined) return null;
  const num = (n: number) => (Number.isFinite(n) ? { number: String(n) } : null);
  switch (type) {
    case 'money':
      return { number: minorText(typeof v === 'number' ? BigInt(Math.round(v)) : (v as bigint | string)) };
    case 'int':
    case 'percent': {
      const text = String(v);
      return NUMBER.test(text) ? { number: text } : num(Number(v));
    }
    case 'day': {
      const ms = v instanceof Date ? v.getTime() : Date.parse(`${String(v).slice(0, 10)}T00:00:00Z`);
      return num(ms / DAY_MS + EXCEL_EPOCH_DAYS);
    }
    case 'datetime':
      return v instanceof Date
        ? num(shift(v.getTime()) / DAY_MS + EXCEL_EPOCH_DAYS)
        : { text: inert(String(v)) };
    case 'text':
      return { text: inert(String(v)) };
  }
}

/** A worksheet's name: at most 31 characters, none of []:*?/\ . */
function sheetName(name: string): string {
  return name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Report';
}

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

function stylesXml(): string {
  const fmts = NUM_FMTS.map(([, code], i) => `<numFmt numFmtId="${164 + i}" formatCode="${xmlText(code)}"/>`);
  const xfs = NUM_FMTS.map(
    (_, i) => `<xf numFmtId="${164 + i}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`,
  );
  return (
    `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">` +
    `<numFmts count="${fmts.length}">${fmts.join('')}</numFmts>` +
    '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>' +
    '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    `<cellXfs count="${xfs.length + 2}"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>` +
    `<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>${xfs.join('')}</cellXfs>` +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
    '</styleSheet>'
  );
}

/** The most uncompressed bytes a sheet queues in zlib before the writer waits for it. */
const QUEUED_BYTES = 1024 * 1024;

/**
 * A ZIP entry deflated by Node's zlib (native code, on the thread pool, several times faster than
 * fflate's JavaScript deflate) and handed to fflate's Zip, which writes the ZIP structure around
 * it: the size and CRC go in the data descriptor after the data, so the entry streams.
 */
class ZlibEntry implements ZipInputFile {
  size = 0;
  crc = 0;
  readonly compression = 8;
  ondata?: AsyncFlateStreamHandler;
  private readonly z = createDeflateRaw({ level: 6 });
  private failure: Error | null = null;
  /** Resolves once the last compressed byte has gone to the ZIP. */
  readonly done: Promise<void>;

  constructor(readonly filename: string) {
    // zlib's output Buffers sit on plain ArrayBuffers (never shared memory), as fflate's type wants.
    this.z.on('data', (chunk: Buffer) => this.ondata!(null, chunk as Uint8Array<ArrayBuffer>, false));
    this.done = new Promise((resolve) => {
      this.z.on('end', () => {
        this.ondata!(null, new Uint8Array(0), true);
        resolve();
      });
      this.z.on('error', (e: Error) => {
        this.failure = e;
        resolve();
      });
    });
  }

  /** Adds bytes; a promise when zlib's buffer is full (wait before writing more). */
  write(bytes: Buffer): Promise<void> | undefined {
    if (this.failure) throw this.failure;
    this.size += bytes.length;
    // A ZIP without its 64-bit extension records sizes in 32 bits.
    if (this.size > 0xffff_ffff) throw new Error('An XLSX sheet grew past 4 GB: export as CSV instead.');
    this.crc = crc32(bytes, this.crc);
    this.z.write(bytes);
    // Up to a few batches queue in zlib while the next rows are written; past that, wait for it.
    return this.z.writableLength > QUEUED_BYTES ? once(this.z, 'drain').then(() => undefined) : undefined;
  }

  async end(): Promise<void> {
    this.z.end();
    await this.done;
    if (this.failure) throw this.failure;
  }
}

/**
 * XLSX (Office Open XML SpreadsheetML) written directly as XML into a streamed ZIP (fflate): each
 * row becomes its text and leaves at once, so memory stays flat whatever the size, and a million
 * rows take seconds (a spreadsheet library's per-cell object model took minutes). Numbers are
 * numbers (money with 2 decimals shown), days and date-times dates, text inline (no shared-strings
 * table, which would grow with the file), the header row bold and frozen. Past Excel's row limit the
 * rows go on on a new sheet ("<title> (2)", ...), each with the header.
 */
export function xlsxWriter(
  columns: ReportColumn[],
  out: ChunkBuffer,
  zone: string,
  title: string,
  sheetRows = XLSX_SHEET_ROWS,
): ReportWriter {
  const shift = wallShift(zone);
  let failure: Error | null = null;
  const zip = new Zip((err, data) => {
    if (err) failure = err;
    else out.push(Buffer.from(data));
  });
  const encoder = new TextEncoder();
  const refs = columns.map((_, i) => columnName(i));
  const styles = columns.map((c) => STYLE_OF.get(c.type));
  const cols = columns
    .map((c, i) => {
      const width = c.type === 'text' ? 24 : c.type === 'datetime' ? 20 : 14;
      return `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"/>`;
    })
    .join('');
  const base = sheetName(title);
  const names: string[] = [];

  let sheet: ZlibEntry | null = null;
  let rowNo = 0;
  let pending: string[] = [];
  let pendingLength = 0;
  const flush = () => {
    if (failure) throw failure;
    const text = pending.join('');
    pending = [];
    pendingLength = 0;
    return sheet!.write(Buffer.from(text, 'utf8'));
  };
  const write = (text: string) => {
    pending.push(text);
    pendingLength += text.length;
    return pendingLength >= 64 * 1024 ? flush() : undefined;
  };
  const closeSheet = async () => {
    const closing = sheet!;
    write('</sheetData></worksheet>');
    await flush();
    await closing.end();
  };
  const openSheet = () => {
    const n = names.length + 1;
    const suffix = n === 1 ? '' : ` (${n})`;
    names.push(base.slice(0, 31 - suffix.length) + suffix);
    sheet = new ZlibEntry(`xl/worksheets/sheet${n}.xml`);
    zip.add(sheet);
    rowNo = 1;
    write(
      `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
        '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
        `<cols>${cols}</cols><sheetData><row r="1">` +
        columns
          .map(
            (c, i) =>
              `<c r="${refs[i]}1" s="1" t="inlineStr"><is><t xml:space="preserve">${xmlText(c.header)}</t></is></c>`,
          )
          .join('') +
        '</row>',
    );
  };
  const file = (name: string, text: string) => {
    const f = new ZipDeflate(name, { level: 6 });
    zip.add(f);
    f.push(encoder.encode(text), true);
  };
  const writeRow = (cells: readonly ReportCell[]) => {
    rowNo++;
    let xml = `<row r="${rowNo}">`;
    for (let i = 0; i < columns.length; i++) {
      const cell = xlsxCell(columns[i]!.type, cells[i] ?? null, shift);
      if (!cell) continue;
      const ref = `${refs[i]}${rowNo}`;
      if ('number' in cell) {
        const s = styles[i];
        xml += `<c r="${ref}"${s ? ` s="${s}"` : ''}><v>${cell.number}</v></c>`;
      } else
        xml += `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${xmlText(cell.text)}</t></is></c>`;
    }
    return write(`${xml}</row>`);
  };
  openSheet();

  return {
    row(cells) {
      if (rowNo >= sheetRows) {
        const closing = closeSheet();
        openSheet();
        return closing.then(() => writeRow(cells));
      }
      return writeRow(cells);
    },
    async end() {
      await closeSheet();
      file('xl/styles.xml', stylesXml());
      file(
        'xl/workbook.xml',
        `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets>` +
          names
            .map((n, i) => `<sheet name="${xmlText(n)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
            .join('') +
          '</sheets></workbook>',
      );
      file(
        'xl/_rels/workbook.xml.rels',
        `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
          names
            .map(
              (_, i) =>
                `<Relationship Id="rId${i + 1}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
            )
            .join('') +
          `<Relationship Id="rId${names.length + 1}" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`,
      );
      file(
        '_rels/.rels',
        `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      );
      file(
        '[Content_Types].xml',
        `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
          '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
          names
            .map(
              (_, i) =>
                `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
            )
            .join('') +
          '</Types>',
      );
      zip.end();
      if (failure) throw failure;
    },
  };
}
