/**
 * Exports of reports: a test report source (tricky text, negative money, nulls, Thai and Chinese,
 * date-times near a local midnight) exported to CSV and XLSX through the API and the job, the
 * files read back byte for byte (CSV) and cell by cell (XLSX with exceljs); the audit row of each
 * export; permissions and bad input (a clear error, nothing stored); an export whose worker
 * stopped redone from the start; a 100,000-row export; downloads, listing and expiry.
 */
import { randomUUID } from 'node:crypto';
import { PERMISSIONS, type Permission, type ReportExport } from '@app/contracts';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ReportCell, ReportSource } from '../src/modules/reports/report-part';
import { buildTestApp, type TestContext } from './helper';

const ADMIN_KEY = 'test-admin-key-exports-0123456789';
const BRAND = 'GOLDEN';

let t: TestContext;
const keys = { full: '', noExport: '', noView: '', lotus: '' };

/** Rows whose text needs quoting, escaping or guarding; money of both signs; nulls everywhere. */
const TRICKY: ReportCell[][] = [
  ['plain', 1, 123456n, 0.0525, '2026-01-31', new Date('2026-01-31T15:59:59Z')],
  ['a,b', -3, -5n, -0.5, '2026-02-01', new Date('2026-01-31T16:00:00Z')],
  ['say "hi"', 0, 0n, 1, '2026-02-28', new Date('2026-02-28T23:30:00Z')],
  ['line1\nline2\r\nline3', 42n, -123456789n, 0.123456789, '2026-12-31', null],
  ['สวัสดี 你好', 7, '250', 0, null, new Date('2026-06-15T04:05:06Z')],
  ['=SUM(A1:A9)', null, null, null, null, null],
  [null, 2_000_000_000, 99n, 0.1, '2026-03-01', new Date('2026-03-01T00:00:00Z')],
];

const testQuery = z.object({
  rows: z.coerce.number().int().min(0).max(1_000_000).optional(),
  fail: z.enum(['yes', 'no']).default('no'),
});

const source: ReportSource<typeof testQuery> = {
  name: 'test.tricky',
  permission: 'reports.view',
  query: testQuery,
  columns: () => [
    { key: 'name', header: 'Name, "quoted"', type: 'text' },
    { key: 'count', header: 'Count', type: 'int' },
    { key: 'amount', header: 'Amount', type: 'money' },
    { key: 'share', header: 'Share', type: 'percent' },
    { key: 'day', header: 'Day', type: 'day' },
    { key: 'at', header: 'At', type: 'datetime' },
  ],
  async *rows(_scope, q) {
    if (q.rows === undefined) {
      for (const r of TRICKY) yield r;
    } else {
      for (let i = 0; i < q.rows; i++) {
        if (q.fail === 'yes' && i === 10) throw new Error('the test source broke at row 10');
        // A page boundary now and then, as a real source's keyset read has.
        if (i % 10_000 === 0) await new Promise((resolve) => setImmediate(resolve));
        yield [
          `member${i}`,
          i,
          BigInt(i) * 101n - 5000n,
          i / 1000,
          '2026-01-02',
          new Date(Date.UTC(2026, 0, 2, 0, 0, i % 60)),
        ];
      }
    }
  },
};

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_API_KEY: ADMIN_KEY });
  t.services.reports.reportExports.register(source as unknown as ReportSource);
  const make = async (merchant: string, perms: readonly Permission[]) => {
    const key = `test-key-exp-${randomUUID()}`;
    await t.services.staff.admin.insertKey(
      key,
      `exp-${randomUUID().slice(0, 8)}`,
      merchant,
      [...perms],
      'test',
    );
    return key;
  };
  keys.full = await make(BRAND, PERMISSIONS);
  keys.noExport = await make(
    BRAND,
    PERMISSIONS.filter((p) => p !== 'reports.export'),
  );
  keys.noView = await make(
    BRAND,
    PERMISSIONS.filter((p) => p !== 'reports.view'),
  );
  keys.lotus = await make('LOTUS', PERMISSIONS);
});
afterAll(async () => {
  await t?.close();
});

const headers = (key: string, merchant = BRAND) => ({ host: 'localhost', merchant, 'x-api-key': key });

async function post(body: unknown, key = keys.full, merchant = BRAND) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/admin/reports/exports',
    headers: headers(key, merchant),
    payload: body as Record<string, unknown>,
  });
  const json = res.json() as { success: boolean; value?: ReportExport; errorCode?: string };
  return { status: res.statusCode, value: json.value, code: json.errorCode };
}

async function list(key = keys.full, merchant = BRAND): Promise<ReportExport[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/wps/admin/reports/exports',
    headers: headers(key, merchant),
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { value: { items: ReportExport[] } }).value.items;
}

async function download(id: string, key = keys.full, merchant = BRAND) {
  return t.app.inject({
    method: 'GET',
    url: `/wps/admin/reports/exports/${id}/file`,
    headers: headers(key, merchant),
  });
}

/** Runs the export job until the export is finished (the app's own job may take it first). */
async function settle(id: string): Promise<ReportExport> {
  for (let i = 0; i < 600; i++) {
    await t.services.reports.reportExports.runQueued();
    const found = (await list()).find((e) => e.id === id);
    if (found && (found.status === 'DONE' || found.status === 'FAILED')) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`export ${id} did not finish`);
}

async function stored() {
  const e = await t.db.db
    .selectFrom('report_export')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  const a = await t.db.db
    .selectFrom('audit_log')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('action', '=', 'report.export')
    .executeTakeFirstOrThrow();
  return { exports: e.n, audits: a.n };
}

const RANGE = { from: '2026-01-01', to: '2026-01-31' };

describe('CSV', () => {
  it('writes tricky values exactly: BOM, CRLF, quoting, money with 2 decimals, the brand clock', async () => {
    const zone = (
      await t.db.db
        .selectFrom('merchant')
        .select('timezone')
        .where('code', '=', BRAND)
        .executeTakeFirstOrThrow()
    ).timezone;
    expect(zone).toBe('Asia/Manila'); // UTC+8 all year: the expected wall clocks below
    const started = await post({ report: 'test.tricky', format: 'csv', query: RANGE });
    expect(started.status).toBe(200);
    expect(started.value).toMatchObject({
      status: 'QUEUED',
      report: 'test.tricky',
      format: 'csv',
      from: '2026-01-01',
    });
    const done = await settle(started.value!.id);
    expect(done).toMatchObject({ status: 'DONE', rows: TRICKY.length, rowsTotal: TRICKY.length });
    const res = await download(done.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="GOLDEN-test.tricky-2026-01-01_2026-01-31.csv"',
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const expected =
      '\uFEFF' +
      [
        '"Name, ""quoted""",Count,Amount,Share,Day,At',
        'plain,1,1234.56,0.0525,2026-01-31,2026-01-31 23:59:59',
        '"a,b",-3,-0.05,-0.5,2026-02-01,2026-02-01 00:00:00',
        '"say ""hi""",0,0.00,1,2026-02-28,2026-03-01 07:30:00',
        '"line1\nline2\r\nline3",42,-1234567.89,0.123457,2026-12-31,',
        'สวัสดี 你好,7,2.50,0,,2026-06-15 12:05:06',
        "'=SUM(A1:A9),,,,,",
        ',2000000000,0.99,0.1,2026-03-01,2026-03-01 08:00:00',
      ].join('\r\n') +
      '\r\n';
    expect(res.rawPayload.equals(Buffer.from(expected, 'utf8'))).toBe(true);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(done.bytes).toBe(res.rawPayload.length);
  });
});

describe('XLSX', () => {
  it('reads back with typed cells: numbers, money to the cent with a 0.00 format, dates', async () => {
    const started = await post({ report: 'test.tricky', format: 'xlsx', query: RANGE });
    const done = await settle(started.value!.id);
    expect(done.status).toBe('DONE');
    const res = await download(done.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('GOLDEN-test.tricky-2026-01-01_2026-01-31.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(TRICKY.length + 1);
    expect(sheet.getRow(1).getCell(1).value).toBe('Name, "quoted"');
    const r2 = sheet.getRow(2);
    expect(r2.getCell(1).value).toBe('plain');
    expect(r2.getCell(2).value).toBe(1);
    expect(r2.getCell(3).value).toBe(1234.56);
    expect(r2.getCell(3).numFmt).toBe('#,##0.00');
    expect(r2.getCell(4).value).toBe(0.0525);
    expect(r2.getCell(4).numFmt).toBe('0.00%');
    expect(r2.getCell(5).value).toEqual(new Date('2026-01-31T00:00:00Z'));
    expect(r2.getCell(5).numFmt).toBe('yyyy-mm-dd');
    // The brand's wall clock (Excel keeps no zone).
    expect(r2.getCell(6).value).toEqual(new Date('2026-01-31T23:59:59Z'));
    const r5 = sheet.getRow(5);
    // XML reads every line end back as LF.
    expect(r5.getCell(1).value).toBe('line1\nline2\nline3');
    expect(r5.getCell(3).value).toBe(-1234567.89);
    expect(typeof r5.getCell(3).value).toBe('number');
    expect(r5.getCell(6).value).toBeNull();
    expect(sheet.getRow(6).getCell(1).value).toBe('สวัสดี 你好');
    expect(sheet.getRow(6).getCell(3).value).toBe(2.5);
    expect(sheet.getRow(7).getCell(1).value).toBe("'=SUM(A1:A9)");
    expect(sheet.getRow(7).getCell(2).value).toBeNull();
    expect(sheet.getRow(3).getCell(3).value).toBe(-0.05);
  });
});

describe('requests', () => {
  it('writes one audit row per export, in the request, naming the report, format and query', async () => {
    const before = await stored();
    const started = await post({ report: 'test.tricky', format: 'csv', query: { ...RANGE, rows: 3 } });
    expect(started.status).toBe(200);
    const after = await stored();
    expect(after).toEqual({ exports: before.exports + 1, audits: before.audits + 1 });
    const row = await t.db.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'report.export')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.merchant_code).toBe(BRAND);
    expect(row.target).toBe('report:test.tricky');
    expect(JSON.parse(String(typeof row.after === 'string' ? row.after : JSON.stringify(row.after)))).toEqual(
      {
        export: started.value!.id,
        format: 'csv',
        query: { ...RANGE, rows: 3 },
      },
    );
    await settle(started.value!.id);
  });

  it('refuses without reports.export, or without the report’s own permission, and stores nothing', async () => {
    const before = await stored();
    const body = { report: 'test.tricky', format: 'csv', query: RANGE };
    expect(await post(body, keys.noExport)).toMatchObject({ status: 403, code: 'operator.forbidden' });
    expect(await post(body, keys.noView)).toMatchObject({ status: 403, code: 'operator.forbidden' });
    // Every brand's figures need platform grants: a brand's key is refused.
    expect(await post({ ...body, query: { ...RANGE, scope: 'all' } })).toMatchObject({
      status: 403,
      code: 'operator.forbidden',
    });
    const listed = await t.app.inject({
      method: 'GET',
      url: '/wps/admin/reports/exports',
      headers: headers(keys.noExport),
    });
    expect(listed.statusCode).toBe(403);
    expect(await stored()).toEqual(before);
  });

  it('answers bad input with a clear error and stores nothing', async () => {
    const before = await stored();
    const cases: [unknown, number, string][] = [
      [{ report: 'no.such.report', format: 'csv', query: RANGE }, 400, 'report.export.unknown'],
      [{ report: 'test.tricky', format: 'pdf', query: RANGE }, 400, 'request.invalid'],
      [{ report: 'test.tricky', format: 'csv' }, 400, 'request.invalid'],
      [{ report: 'test.tricky', format: 'csv', query: { to: '2026-01-31' } }, 400, 'report.export.query'],
      [
        { report: 'test.tricky', format: 'csv', query: { from: '31/01/2026', to: '2026-01-31' } },
        400,
        'report.export.query',
      ],
      [
        { report: 'test.tricky', format: 'csv', query: { from: '2026-02-01', to: '2026-01-31' } },
        400,
        'report.period.order',
      ],
      [
        { report: 'test.tricky', format: 'csv', query: { from: '2020-01-01', to: '2026-01-31' } },
        400,
        'report.period.too.long',
      ],
      [
        { report: 'test.tricky', format: 'csv', query: { ...RANGE, scope: 'planet' } },
        400,
        'report.export.query',
      ],
      [{ report: 'test.tricky', format: 'csv', query: { ...RANGE, rows: -1 } }, 400, 'report.export.query'],
      [
        { report: 'test.tricky', format: 'csv', query: { ...RANGE, fail: 'maybe' } },
        400,
        'report.export.query',
      ],
    ];
    for (const [body, status, code] of cases) {
      const res = await post(body);
      expect({ body, status: res.status, code: res.code }).toEqual({ body, status, code });
    }
    const msg = await t.app.inject({
      method: 'POST',
      url: '/wps/admin/reports/exports',
      headers: headers(keys.full),
      payload: { report: 'test.tricky', format: 'csv', query: { ...RANGE, rows: -1 } },
    });
    expect((msg.json() as { msg?: string; message?: string }).msg ?? msg.body).toContain('rows');
    expect(await stored()).toEqual(before);
  });

  it('fails an export whose report breaks, with the reason, and keeps no partial file', async () => {
    const started = await post({
      report: 'test.tricky',
      format: 'csv',
      query: { ...RANGE, rows: 100, fail: 'yes' },
    });
    const done = await settle(started.value!.id);
    expect(done).toMatchObject({ status: 'FAILED', error: 'the test source broke at row 10' });
    const res = await download(done.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ errorCode: 'report.export.not.ready' });
    const chunks = await t.db.db
      .selectFrom('report_export_chunk')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('export_id', '=', done.id)
      .executeTakeFirstOrThrow();
    expect(chunks.n).toBe(0);
  });
});

describe('downloads and the list', () => {
  it('lists the brand’s exports newest first, and keeps files to their brand', async () => {
    const a = await post({ report: 'test.tricky', format: 'csv', query: { ...RANGE, rows: 2 } });
    const b = await post({ report: 'test.tricky', format: 'xlsx', query: { ...RANGE, rows: 2 } });
    await settle(b.value!.id);
    await settle(a.value!.id);
    const items = await list();
    expect(items[0]!.id).toBe(b.value!.id);
    expect(items[1]!.id).toBe(a.value!.id);
    expect(items[0]).toMatchObject({
      requestedBy: expect.any(String),
      status: 'DONE',
      rows: 2,
      format: 'xlsx',
    });
    expect((await list(keys.lotus, 'LOTUS')).some((e) => e.id === a.value!.id)).toBe(false);
    const other = await download(a.value!.id, keys.lotus, 'LOTUS');
    expect(other.statusCode).toBe(404);
    expect((await download('nope')).statusCode).toBe(404);
    expect((await download(a.value!.id, keys.noExport)).statusCode).toBe(403);
  });

  it('exports every brand for a platform grant, named ALL and its currency', async () => {
    const started = await post(
      { report: 'test.tricky', format: 'csv', query: { ...RANGE, rows: 1, scope: 'all' } },
      ADMIN_KEY,
    );
    expect(started.status).toBe(200);
    expect(started.value).toMatchObject({
      scope: 'all',
      currency: 'PHP',
      fileName: 'ALL-PHP-test.tricky-2026-01-01_2026-01-31.csv',
    });
    await settle(started.value!.id);
    expect((await download(started.value!.id, keys.full)).statusCode).toBe(403);
    const res = await download(started.value!.id, ADMIN_KEY);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('ALL-PHP-test.tricky-2026-01-01_2026-01-31.csv');
  });

  it('deletes files past their 7 days, answering expired', async () => {
    const started = await post({ report: 'test.tricky', format: 'csv', query: { ...RANGE, rows: 2 } });
    const done = await settle(started.value!.id);
    expect(new Date(done.expiresAt!).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    await t.db.db
      .updateTable('report_export')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', done.id)
      .execute();
    expect(await t.services.reports.reportExports.cleanup()).toBeGreaterThan(0);
    expect((await list()).find((e) => e.id === done.id)!.status).toBe('EXPIRED');
    const res = await download(done.id);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({ errorCode: 'report.export.expired' });
  });
});

describe('the job', () => {
  it('redoes from the start an export whose worker stopped (lease ran out), dropping its chunks', async () => {
    const started = await post({ report: 'test.tricky', format: 'csv', query: RANGE });
    const id = started.value!.id;
    // A worker claimed it, stored a chunk of garbage, and died: its lease has run out.
    await t.db.db
      .updateTable('report_export')
      .set({
        status: 'RUNNING',
        attempt: 1,
        lease_until: sql<Date>`now() - interval '1 second'`,
        chunks: 1,
        bytes: '7',
        rows_written: '3',
      })
      .where('id', '=', id)
      .execute();
    await t.db.db
      .insertInto('report_export_chunk')
      .values({ export_id: id, seq: 0, data: Buffer.from('garbage') })
      .execute();
    const done = await settle(id);
    expect(done).toMatchObject({ status: 'DONE', rows: TRICKY.length });
    const row = await t.db.db
      .selectFrom('report_export')
      .select(['attempt', 'chunks'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ attempt: 2, chunks: 1 });
    const res = await download(id);
    expect(res.rawPayload.toString('utf8')).toMatch(/^\uFEFF"Name, ""quoted""",Count/);
    expect(res.rawPayload.includes(Buffer.from('garbage'))).toBe(false);
  });

  it('leaves alone an export another worker holds, and fails one that stopped too often', async () => {
    const held = await post({ report: 'test.tricky', format: 'csv', query: { ...RANGE, rows: 1 } });
    await t.db.db
      .updateTable('report_export')
      .set({ status: 'RUNNING', attempt: 1, lease_until: sql<Date>`now() + interval '1 hour'` })
      .where('id', '=', held.value!.id)
      .execute();
    const dead = await post({ report: 'test.tricky', format: 'csv', query: { ...RANGE, rows: 1 } });
    await t.db.db
      .updateTable('report_export')
      .set({ status: 'RUNNING', attempt: 3, lease_until: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', dead.value!.id)
      .execute();
    await t.services.reports.reportExports.runQueued();
    const items = await list();
    expect(items.find((e) => e.id === held.value!.id)!.status).toBe('RUNNING');
    expect(items.find((e) => e.id === dead.value!.id)).toMatchObject({
      status: 'FAILED',
      error: expect.stringContaining('3 times'),
    });
    await t.db.db
      .updateTable('report_export')
      .set({ status: 'FAILED', lease_until: null })
      .where('id', '=', held.value!.id)
      .execute();
  });

  it('streams a 100,000-row CSV and a 30,000-row XLSX export in 1 MB chunks and it reads back whole', async () => {
    const n = 100_000;
    const started = await post({ report: 'test.tricky', format: 'csv', query: { ...RANGE, rows: n } });
    const done = await settle(started.value!.id);
    expect(done).toMatchObject({ status: 'DONE', rows: n });
    const chunks = await t.db.db
      .selectFrom('report_export_chunk')
      .select([sql<number>`count(*)::int`.as('n'), sql<number>`max(length(data))::int`.as('largest')])
      .where('export_id', '=', done.id)
      .executeTakeFirstOrThrow();
    expect(chunks.n).toBeGreaterThan(1);
    expect(chunks.largest).toBeLessThanOrEqual(1024 * 1024);
    const res = await download(done.id);
    const lines = res.rawPayload.toString('utf8').split('\r\n');
    expect(lines.length).toBe(n + 2); // header, n rows, the empty text after the last CRLF
    expect(lines[n]).toBe(
      `member${n - 1},${n - 1},${((BigInt(n - 1) * 101n - 5000n) / 100n).toString()}.${String((BigInt(n - 1) * 101n - 5000n) % 100n).padStart(2, '0')},99.999,2026-01-02,2026-01-02 08:00:39`,
    );

    // XLSX: fewer rows (reading a workbook back is slow), still several chunks.
    const m = 30_000;
    const x = await post({ report: 'test.tricky', format: 'xlsx', query: { ...RANGE, rows: m } });
    const xd = await settle(x.value!.id);
    expect(xd).toMatchObject({ status: 'DONE', rows: m });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await download(xd.id)).rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(m + 1);
    expect(sheet.getRow(m + 1).getCell(3).value).toBe(Number(BigInt(m - 1) * 101n - 5000n) / 100);
    expect(sheet.getRow(m + 1).getCell(1).value).toBe(`member${m - 1}`);
  }, 120_000);
});
