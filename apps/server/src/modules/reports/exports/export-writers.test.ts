import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { ReportColumn } from '../report-part';
import { ChunkBuffer, xlsxWriter, xmlText } from './export-writers';

const COLUMNS: ReportColumn[] = [
  { key: 'name', header: 'Name <&>', type: 'text' },
  { key: 'n', header: 'N', type: 'int' },
  { key: 'amount', header: 'Amount', type: 'money' },
];

type Row = (string | number | bigint | null)[];

async function file(rows: Row[], sheetRows?: number): Promise<Buffer> {
  const out = new ChunkBuffer();
  const w = xlsxWriter(COLUMNS, out, 'Asia/Manila', 'Bets: [all]', sheetRows);
  for (const r of rows) await w.row(r);
  await w.end();
  return out.takeRest();
}

async function book(rows: Row[], sheetRows?: number): Promise<ExcelJS.Workbook> {
  const b = new ExcelJS.Workbook();
  await b.xlsx.load((await file(rows, sheetRows)) as unknown as ArrayBuffer);
  return b;
}

describe('xmlText', () => {
  it('escapes markup, writes control characters as _xHHHH_ and protects a literal _xHHHH_', () => {
    expect(xmlText('a<b>&"c"')).toBe('a&lt;b&gt;&amp;&quot;c&quot;');
    expect(xmlText('bell\u0007tab\tline\n')).toBe('bell_x0007_tab\tline\n');
    expect(xmlText('_x0041_')).toBe('_x005F_x0041_');
    expect(xmlText('ไทย 中文 _x')).toBe('ไทย 中文 _x');
  });
});

describe('xlsxWriter', () => {
  it('writes control characters and a literal _xHHHH_ escaped in the sheet (Excel decodes them back)', async () => {
    const zip = unzipSync(
      new Uint8Array(
        await file([
          ['bell\u0007', 1, 1n],
          ['_x0041_', 2, 2n],
        ]),
      ),
    );
    const xml = strFromU8(zip['xl/worksheets/sheet1.xml']!);
    expect(xml).toContain('<t xml:space="preserve">bell_x0007_</t>');
    expect(xml).toContain('<t xml:space="preserve">_x005F_x0041_</t>');
    expect(Object.keys(zip).sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);
  });

  it('reads back what it wrote: markup in text, empty cells, big money, numbers given as text', async () => {
    const b = await book([
      ['<b>&amp;', 1, 123456789012345n],
      ['plain', null, null],
      [null, '7', -5n],
    ]);
    const s = b.worksheets[0]!;
    expect(s.name).toBe('Bets   all ');
    expect(s.getRow(1).getCell(1).value).toBe('Name <&>');
    expect(s.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(s.getRow(2).getCell(1).value).toBe('<b>&amp;');
    expect(s.getRow(2).getCell(3).value).toBe(1234567890123.45);
    expect(s.getRow(3).getCell(1).value).toBe('plain');
    expect(s.getRow(3).getCell(2).value).toBeNull();
    expect(s.getRow(4).getCell(1).value).toBeNull();
    expect(s.getRow(4).getCell(2).value).toBe(7);
    expect(s.getRow(4).getCell(3).value).toBe(-0.05);
  });

  it('goes on on a new sheet, header repeated, once a sheet holds its most rows', async () => {
    const rows = Array.from({ length: 5 }, (_, i) => [`m${i}`, i, BigInt(i * 100)]);
    const b = await book(rows, 3);
    expect(b.worksheets.map((w) => w.name)).toEqual(['Bets   all ', 'Bets   all  (2)', 'Bets   all  (3)']);
    const read = b.worksheets.map((w) => {
      const out: unknown[][] = [];
      w.eachRow((r) => out.push([r.getCell(1).value, r.getCell(2).value, r.getCell(3).value]));
      return out;
    });
    const head = ['Name <&>', 'N', 'Amount'];
    expect(read).toEqual([
      [head, ['m0', 0, 0], ['m1', 1, 1]],
      [head, ['m2', 2, 2], ['m3', 3, 3]],
      [head, ['m4', 4, 4]],
    ]);
  });
});
