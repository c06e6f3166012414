import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { csvField } from './resource-export.ts';

describe('csvField: the formula guard (issue 17, OWASP CSV injection)', () => {
  it('prefixes every text starting with =, +, -, @, a tab or a carriage return', () => {
    expect(csvField("-2+3+cmd|' /C calc'!A0")).toBe("'-2+3+cmd|' /C calc'!A0");
    expect(csvField('+2+3')).toBe("'+2+3");
    expect(csvField('-1e5')).toBe("'-1e5");
    expect(csvField('=1+2')).toBe("'=1+2");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\t=1')).toBe("'\t=1");
    expect(csvField('\r=1')).toBe(`"'\r=1"`);
    expect(csvField('+92 300 1234567')).toBe("'+92 300 1234567");
  });

  it('leaves plain numbers, as amounts are written, and other text as they are', () => {
    expect(csvField('-1250.50')).toBe('-1250.50');
    expect(csvField('+5')).toBe('+5');
    expect(csvField(-3)).toBe('-3');
    expect(csvField('Gloves, M')).toBe('"Gloves, M"');
    expect(csvField('a=b')).toBe('a=b');
    expect(csvField(null)).toBe('');
  });
});

describe('a resource export of hostile names (issue 17)', () => {
  let t: TestApp;
  const hostile = "-2+3+cmd|' /C calc'!A0";
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());
  const inject = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: bearer(t.adminToken) });

  it('guards the name in the CSV and writes text cells (never formulas) to Excel', async () => {
    const [head] = await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM account_heads ORDER BY id LIMIT 1`);
    const created = await inject('POST', '/api/accounts', { accountCode: 'X-1', accountName: hostile, headId: head!.id, kind: 'other', active: true });
    expect(created.statusCode, created.body).toBe(201);

    const csv = await inject('GET', `/api/accounts/export?search=${encodeURIComponent('cmd|')}`);
    expect(csv.statusCode, csv.body).toBe(200);
    const line = csv.body.split('\r\n')[1]!;
    expect(line).toContain(`,'${hostile},`);

    const xlsx = await inject('GET', `/api/accounts/export?format=xlsx&search=${encodeURIComponent('cmd|')}`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const cells: ExcelJS.Cell[] = [];
    workbook.worksheets[0]!.getRow(2).eachCell((cell) => cells.push(cell));
    expect(cells.some((cell) => cell.value === hostile && cell.type === ExcelJS.ValueType.String)).toBe(true);
    expect(cells.every((cell) => cell.type !== ExcelJS.ValueType.Formula)).toBe(true);
  });
});
