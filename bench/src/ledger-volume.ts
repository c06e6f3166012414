/**
 * 1,000,000 general-ledger rows over 500 accounts, bulk-loaded by SQL while the server is
 * stopped. The first account gets 950,000 of them (cash in and out, in balanced pairs), so
 * a deep page of its ledger is really deep; the other 100,000 are balanced pairs across the
 * other 499 accounts. Dates run through 2026 in id order.
 */
export const ledgerRows = Number(process.env.BENCH_LEDGER_ROWS ?? 1_000_000);
export const benchAccounts = 500;
export const benchYear = 2026;

export const ledgerVolumeSql = (rows: number) => {
  const deep = Math.floor((rows * 0.95) / 2) * 2;
  return `
  INSERT INTO accounts (account_code, account_name, head_id, kind, active)
    SELECT 'B' || lpad(i::text, 4, '0'), 'Bench account ' || i,
           (SELECT id FROM account_heads WHERE head_type = 'asset' AND parent_id IS NULL ORDER BY id LIMIT 1), 'other', true
    FROM generate_series(1, ${benchAccounts}) AS i;
  CREATE TEMP TABLE bench_accounts AS
    SELECT id, row_number() OVER (ORDER BY id) AS n FROM accounts WHERE account_code LIKE 'B%';
  INSERT INTO gl_entries (account_id, entry_date, document_type, document_id, document_number, narration, memo, debit, credit)
    SELECT CASE WHEN i <= ${deep} THEN (SELECT id FROM bench_accounts WHERE n = 1)
                ELSE (SELECT id FROM bench_accounts WHERE n = 2 + ((i / 2) % ${benchAccounts - 1})) END,
           DATE '${benchYear}-01-01' + ((i::bigint * 364) / ${rows})::int,
           'bench', (i + 1) / 2, 'BN-${benchYear}-' || lpad(((i + 1) / 2)::text, 6, '0'), 'Bench entry ' || i, '',
           CASE WHEN i % 2 = 1 THEN (100 + i % 900)::numeric / 100 ELSE 0 END,
           CASE WHEN i % 2 = 0 THEN (100 + (i - 1) % 900)::numeric / 100 ELSE 0 END
    FROM generate_series(1, ${rows}) AS i;
  ANALYZE;
`;
};

/** The deep account and the keyset cursor (`date|id`, base64url, as the server encodes it) after its 900,000th row. */
export const deepCursorSql = (rows: number) => `
  SELECT e.account_id, e.entry_date::text AS entry_date, e.id
  FROM gl_entries e
  WHERE e.account_id = (SELECT id FROM accounts WHERE account_code = 'B0001')
  ORDER BY e.entry_date, e.id
  OFFSET ${Math.floor(rows * 0.9) - 1} LIMIT 1`;

export function encodeLedgerCursor(date: string, id: number | string): string {
  return Buffer.from(`${date}|${id}`).toString('base64url');
}
