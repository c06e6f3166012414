import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../../db/client.ts';
import { migrationFiles, splitStatements } from '../../db/migrate.ts';
import { openTestDatabase } from '../../test/test-app.ts';

let database: Database;

async function apply(name: string): Promise<void> {
  const text = await readFile(new URL(`../../db/migrations/${name}`, import.meta.url), 'utf8');
  await database.db.transaction(async (tx) => {
    for (const statement of splitStatements(text)) await tx.execute(sql.raw(statement));
  });
}

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database?.close());

describe('migration 0025_hr', () => {
  it("fills the new columns of issue 9's employees: a code, the General department, join date, status and exit date from the old flag, paid in cash", async () => {
    const files = await migrationFiles();
    for (const name of files.filter((file) => file < '0025')) await apply(name);
    await database.db.execute(sql`INSERT INTO regions (region_name, region_code) VALUES ('North', 'N')`);
    await database.db.execute(sql`INSERT INTO employees (employee_name, designation, region_id, active, created_at, updated_at)
      SELECT * FROM (VALUES ('Imran', 'Engineer', (SELECT id FROM regions LIMIT 1), true, '2024-05-01'::timestamptz, '2024-05-01'::timestamptz),
                            ('Faisal', 'Driver', (SELECT id FROM regions LIMIT 1), false, '2024-06-01'::timestamptz, '2025-02-03'::timestamptz)) v`);
    await apply('0025_hr.sql');
    const rows = await queryRows(
      database.db,
      sql`SELECT e.employee_code AS code, d.department_name AS department, e.join_date::text AS "joinDate", e.status, e.exit_date::text AS "exitDate",
                 e.pay_mode AS "payMode", e.national_id AS "nationalId"
          FROM employees e JOIN departments d ON d.id = e.department_id ORDER BY e.id`,
    );
    expect(rows).toEqual([
      { code: 'EMP-0001', department: 'General', joinDate: '2024-05-01', status: 'active', exitDate: null, payMode: 'cash', nationalId: null },
      { code: 'EMP-0002', department: 'General', joinDate: '2024-06-01', status: 'left', exitDate: '2025-02-03', payMode: 'cash', nationalId: null },
    ]);
    const indexed = await queryRows(database.db, sql`SELECT code, title, subtitle FROM search_index WHERE entity_type = 'employees' ORDER BY code`);
    expect(indexed).toEqual([
      { code: 'EMP-0001', title: 'Imran', subtitle: 'Employee' },
      { code: 'EMP-0002', title: 'Faisal', subtitle: 'Employee' },
    ]);
    const [settings] = await queryRows<{ country: string }>(database.db, sql`SELECT column_default AS country FROM information_schema.columns WHERE table_name = 'company_settings' AND column_name = 'country'`);
    expect(settings!.country).toContain('PK');
  });
});
