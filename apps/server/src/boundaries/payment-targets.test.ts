import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverSourceFiles, serverSrc } from '../test/source-scan.ts';

/**
 * Money allocates to the payment targets areas declare (docs/decisions/money.md, "Payment
 * targets"): their tables, indexes and the allocation rows' columns naming them are their
 * owners', so money's files name none of them, in SQL or a comment. Prose may speak of
 * invoices; SQL may not read them.
 */
const money = 'modules/money/';
const namings = [
  /\b(goods_receipts|pay_slips|import_shipment|import_charge)\w*/,
  /\binvoices_\w+/,
  /\b(invoice_id|goods_receipt_id|pay_slip_id)\b/,
  /\b(FROM|JOIN|UPDATE|INTO|TABLE|REFERENCES)\s+invoices\b/,
  /\binvoices\s*\.\s*[a-z_]+\b/,
];

/** `file:line` of each line of `text` that names a target's table. */
function namingLines(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, index) => (namings.some((naming) => naming.test(line)) ? [`${file}:${index + 1}`] : []));
}

describe("money and the payment targets' tables", () => {
  it('finds the tables in SQL, comments and column names, not in prose about invoices', () => {
    const text = [
      'sql`UPDATE invoices AS t SET allocated_amount = 0`',
      'sql`SELECT 1 FROM goods_receipts g`',
      '// pay_slips.paid_amount',
      "const key = 'invoice_id';",
      '// through invoices_open_idx',
      'sql`WHERE invoices.id = 1`',
      '// the receipt\'s invoices open again',
      "path: '/receipts/open-invoices',",
    ].join('\n');
    expect(namingLines('x.ts', text)).toEqual(['x.ts:1', 'x.ts:2', 'x.ts:3', 'x.ts:4', 'x.ts:5', 'x.ts:6']);
  });

  it('are named by no file of money', () => {
    const files = serverSourceFiles().filter((file) => file.startsWith(money));
    expect(files.length).toBeGreaterThan(20);
    expect(files.flatMap((file) => namingLines(file, readFileSync(join(serverSrc, file), 'utf8')))).toEqual([]);
  });
});
