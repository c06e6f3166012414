/**
 * The books a bank statement is matched against (issue 33, section 8: "auto-matching 10,000
 * statement lines against 50,000 book entries < 5 s; importing 10,000 lines < 5 s"), bulk-loaded
 * by SQL while the server is stopped, and the bank's statement files mirroring them.
 *
 * One bank account per run (`BBK-1`...), and a tenth-size one for the warm-up (`BBK-0`), each with
 * BENCH_BANK_ENTRIES (50,000) book entries over the first 180 days of the bench year:
 * - 40% bank receipts of 50 customers (reference `IBFT-k-NNNNNN`), 40% bank payments to 50
 *   vendors (reference `PAY/k/NNNNNN`), each with its two ledger rows (the bank's and the party's);
 * - 10% posted journals on the bank (`journal` ledger rows, no reference): most of one amount
 *   a day, the last ones in pairs of the same amount on the same day;
 * - 10% cheques waiting to clear: half received and deposited into the account (their receipts
 *   debited Cheques in hand), half issued on it (their payments credited Cheques issued).
 * Amounts repeat (a receipt's every 5,000th), so a line's amount finds several entries.
 *
 * Its statement (BENCH_BANK_LINES, 10,000 lines), read back from the books as the bank would
 * print them: 40% the receipts (a day or two later, the reference spelled the bank's way), 30%
 * the payments, 10% the cheques by their numbers (2 or 3 days after), 10% the single journals
 * on their day (no reference), 5% the journal pairs' amounts on their day (two entries fit:
 * suggested) and 5% service charges the books do not hold. Under the three default rules that
 * is 90% matched (the cheques cleared dated their lines) and 10% left unmatched, half of them
 * suggested.
 */
import { benchYear } from './ledger-volume.ts';

export const bankLines = Number(process.env.BENCH_BANK_LINES ?? 10_000);
export const bankEntries = Number(process.env.BENCH_BANK_ENTRIES ?? 50_000);
/** Timed runs: each imports and matches a statement of an account of its own. */
export const bankRuns = Number(process.env.BENCH_BANK_RUNS ?? 5);
const parties = 50;
const days = 180;
const firstDay = `${benchYear}-01-01`;

/** The sizes of one account's books and statement. */
export interface BankShape {
  account: number;
  lines: number;
  entries: number;
  receipts: number;
  payments: number;
  journals: number;
  /** Journals in same-day pairs of one amount (2 per suggested line). */
  pairedJournals: number;
  cheques: number;
}

export function bankShape(account: number): BankShape {
  const scale = account === 0 ? 10 : 1;
  const lines = Math.floor(bankLines / scale);
  const entries = Math.floor(bankEntries / scale);
  const receipts = Math.floor(entries * 0.4);
  const payments = Math.floor(entries * 0.4);
  const cheques = Math.floor(entries * 0.1);
  return { account, lines, entries, receipts, payments, journals: entries - receipts - payments - cheques, pairedJournals: 2 * Math.floor(lines * 0.05), cheques };
}

export const bankShapes = () => Array.from({ length: bankRuns + 1 }, (_, k) => bankShape(k));

const pad = (column: string) => `lpad(${column}::text, 6, '0')`;

export const bankVolumeSql = (shapes: readonly BankShape[]) => `
  INSERT INTO regions (region_name, region_code) VALUES ('Bank Bench Region', 'BBR');
  CREATE TEMP TABLE bb_region AS SELECT id FROM regions WHERE region_code = 'BBR';
  INSERT INTO accounts (account_code, account_name, head_id, sub_head_id, region_id, kind)
    SELECT 'BBC-' || lpad(c::text, 3, '0'), 'Bank Bench Customer ' || c, a.head_id, a.sub_head_id, (SELECT id FROM bb_region), 'receivable'
    FROM generate_series(0, ${parties - 1}) AS c CROSS JOIN (SELECT head_id, sub_head_id FROM accounts WHERE account_code = '1100') a;
  INSERT INTO customers (customer_name, customer_type, region_id, account_id)
    SELECT a.account_name, 'hospital', a.region_id, a.id FROM accounts a WHERE a.account_code LIKE 'BBC-%' ORDER BY a.account_code;
  CREATE TEMP TABLE bb_customers AS SELECT c.id, c.region_id, c.account_id, c.customer_name, row_number() OVER (ORDER BY c.id) - 1 AS n FROM customers c WHERE c.customer_name LIKE 'Bank Bench Customer %';
  ALTER TABLE bb_customers ADD PRIMARY KEY (n);
  INSERT INTO accounts (account_code, account_name, head_id, sub_head_id, kind)
    SELECT 'BBV-' || lpad(v::text, 3, '0'), 'Bank Bench Vendor ' || v, a.head_id, a.sub_head_id, 'payable'
    FROM generate_series(0, ${parties - 1}) AS v CROSS JOIN (SELECT head_id, sub_head_id FROM accounts WHERE account_code = '2000') a;
  INSERT INTO vendors (vendor_name, account_id) SELECT a.account_name, a.id FROM accounts a WHERE a.account_code LIKE 'BBV-%' ORDER BY a.account_code;
  CREATE TEMP TABLE bb_vendors AS SELECT v.id, v.account_id, v.vendor_name, row_number() OVER (ORDER BY v.id) - 1 AS n FROM vendors v WHERE v.vendor_name LIKE 'Bank Bench Vendor %';
  ALTER TABLE bb_vendors ADD PRIMARY KEY (n);

  -- The bank accounts and their sizes: r receipts, p payments, j journals (the last pj in pairs), c cheques (half received).
  INSERT INTO accounts (account_code, account_name, head_id, sub_head_id, kind)
    SELECT 'BBK-' || k, 'Bench Bank ' || k, a.head_id, a.sub_head_id, 'bank'
    FROM generate_series(0, ${shapes.length - 1}) AS k CROSS JOIN (SELECT head_id, sub_head_id FROM accounts WHERE account_code = '1010') a;
  CREATE TEMP TABLE bb_banks (k int PRIMARY KEY, id int, nr int, np int, nj int, npj int, nc int);
  INSERT INTO bb_banks SELECT s.k, a.id, s.nr, s.np, s.nj, s.npj, s.nc
    FROM (VALUES ${shapes.map((s) => `(${s.account}, ${s.receipts}, ${s.payments}, ${s.journals}, ${s.pairedJournals}, ${s.cheques})`).join(', ')}) AS s(k, nr, np, nj, npj, nc)
    JOIN accounts a ON a.account_code = 'BBK-' || s.k;
  CREATE TEMP TABLE bb_accounts AS
    SELECT (SELECT id FROM accounts WHERE account_code = '1150') AS in_hand, (SELECT id FROM accounts WHERE account_code = '2050') AS issued,
           (SELECT id FROM accounts WHERE account_code = '3000') AS capital;

  -- Bank receipts and payments: amounts 1,000 to 5,999 (each again 5,000 entries on).
  INSERT INTO receipts (document_number, document_date, status, customer_id, region_id, method, account_id, amount, reference, posted_at)
    SELECT 'BKR-' || b.k || '-' || ${pad('i')}, DATE '${firstDay}' + (i::bigint * ${days} / b.nr)::int, 'posted', cu.id, cu.region_id, 'bank', b.id,
           1000 + i % 5000 + 0.25, 'IBFT-' || b.k || '-' || ${pad('i')}, now()
    FROM bb_banks b CROSS JOIN LATERAL generate_series(0, b.nr - 1) AS i JOIN bb_customers cu ON cu.n = i % ${parties}
    ORDER BY b.k, i;
  INSERT INTO payments (document_number, document_date, status, payee_type, vendor_id, method, account_id, amount, company_amount, reference, posted_at)
    SELECT 'BKP-' || b.k || '-' || ${pad('i')}, DATE '${firstDay}' + (i::bigint * ${days} / b.np)::int, 'posted', 'vendor', v.id, 'bank', b.id,
           1000 + i % 5000 + 0.50, 1000 + i % 5000 + 0.50, 'PAY/' || b.k || '/' || ${pad('i')}, now()
    FROM bb_banks b CROSS JOIN LATERAL generate_series(0, b.np - 1) AS i JOIN bb_vendors v ON v.n = i % ${parties}
    ORDER BY b.k, i;
  -- Journals on the bank: single ones of 10,000 to 11,499 a day (out, then in), the pairs of 20,000 + their number out, both on one day.
  INSERT INTO journals (journal_number, journal_date, narration, status, total_debit, total_credit, posted_at)
    SELECT 'BKJ-' || b.k || '-' || ${pad('j')},
           DATE '${firstDay}' + CASE WHEN j < b.nj - b.npj THEN (j::bigint * ${days} / (b.nj - b.npj))::int ELSE (((j - (b.nj - b.npj)) / 2)::bigint * ${days} / greatest(b.npj / 2, 1))::int END,
           CASE WHEN j < b.nj - b.npj THEN 'Funds transfer' ELSE 'Online transfer' END, 'posted', x.amount, x.amount, now()
    FROM bb_banks b CROSS JOIN LATERAL generate_series(0, b.nj - 1) AS j
    CROSS JOIN LATERAL (SELECT CASE WHEN j < b.nj - b.npj THEN 10000 + j % 1500 + 0.75 ELSE 20000 + (j - (b.nj - b.npj)) / 2 + 0.75 END AS amount) x
    ORDER BY b.k, j;
  CREATE TEMP TABLE bb_journals AS
    SELECT jn.id, jn.journal_number, jn.journal_date, jn.narration, jn.total_debit AS amount, b.id AS bank_id,
           substr(jn.journal_number, length('BKJ-' || b.k || '-') + 1)::int AS j, b.nj - b.npj AS single
    FROM journals jn JOIN bb_banks b ON jn.journal_number LIKE 'BKJ-' || b.k || '-%';

  -- Cheques: received ones (30,000 + n) deposited the day after their date; issued ones (30,000 + n) on their date.
  INSERT INTO receipts (document_number, document_date, status, customer_id, region_id, method, account_id, amount, cheque_number, cheque_bank, cheque_date, posted_at)
    SELECT 'BKQ-' || b.k || '-' || ${pad('c')}, DATE '${firstDay}' + (c::bigint * ${days} / greatest(b.nc / 2, 1))::int, 'posted', cu.id, cu.region_id, 'cheque', a.in_hand,
           30000 + c + 0.10, b.k || ${pad('c')}, 'MCB', DATE '${firstDay}' + (c::bigint * ${days} / greatest(b.nc / 2, 1))::int, now()
    FROM bb_banks b CROSS JOIN LATERAL generate_series(0, b.nc / 2 - 1) AS c JOIN bb_customers cu ON cu.n = c % ${parties} CROSS JOIN bb_accounts a
    ORDER BY b.k, c;
  INSERT INTO cheques (document_number, document_date, status, direction, cheque_number, bank, amount, party_type, party_id, region_id, receipt_id, bank_account_id, deposit_date, deposited_at)
    SELECT 'BKC-' || substr(r.document_number, 5), r.cheque_date, 'deposited', 'received', r.cheque_number, r.cheque_bank, r.amount, 'customer', r.customer_id, r.region_id, r.id,
           b.id, r.cheque_date + 1, now()
    FROM receipts r JOIN bb_banks b ON r.document_number LIKE 'BKQ-' || b.k || '-%' ORDER BY r.id;
  INSERT INTO payments (document_number, document_date, status, payee_type, vendor_id, method, account_id, amount, company_amount, cheque_number, cheque_bank, cheque_date, posted_at)
    SELECT 'BKS-' || b.k || '-' || ${pad('c')}, DATE '${firstDay}' + ((c - b.nc / 2)::bigint * ${days} / greatest(b.nc - b.nc / 2, 1))::int, 'posted', 'vendor', v.id, 'cheque', b.id,
           30000 + c + 0.90, 30000 + c + 0.90, '9' || b.k || ${pad('c')}, 'Bench Bank', DATE '${firstDay}' + ((c - b.nc / 2)::bigint * ${days} / greatest(b.nc - b.nc / 2, 1))::int, now()
    FROM bb_banks b CROSS JOIN LATERAL generate_series(b.nc / 2, b.nc - 1) AS c JOIN bb_vendors v ON v.n = c % ${parties}
    ORDER BY b.k, c;
  INSERT INTO cheques (document_number, document_date, status, direction, cheque_number, bank, amount, party_type, party_id, payment_id, bank_account_id)
    SELECT 'BKC-' || substr(p.document_number, 5), p.cheque_date, 'issued', 'issued', p.cheque_number, p.cheque_bank, p.amount, 'vendor', p.vendor_id, p.id, p.account_id
    FROM payments p WHERE p.document_number LIKE 'BKS-%' ORDER BY p.id;

  -- The ledger rows, as the postings write them: the bank's and the other side's, stamped with the party.
  INSERT INTO gl_entries (account_id, entry_date, document_type, document_id, document_number, narration, debit, credit, region_id, party_type, party_id)
    SELECT x.account_id, r.document_date, 'receipts', r.id, r.document_number, 'Receipt from ' || cu.customer_name, x.debit, x.credit, r.region_id, 'customer', r.customer_id
    FROM receipts r JOIN bb_customers cu ON cu.id = r.customer_id
    CROSS JOIN LATERAL (VALUES (r.account_id, r.amount, 0), (cu.account_id, 0, r.amount)) AS x(account_id, debit, credit)
    ORDER BY r.id;
  INSERT INTO gl_entries (account_id, entry_date, document_type, document_id, document_number, narration, debit, credit, party_type, party_id)
    SELECT x.account_id, p.document_date, 'payments', p.id, p.document_number, 'Payment to ' || v.vendor_name, x.debit, x.credit, 'vendor', p.vendor_id
    FROM payments p JOIN bb_vendors v ON v.id = p.vendor_id CROSS JOIN bb_accounts a
    CROSS JOIN LATERAL (VALUES (v.account_id, p.amount, 0), (CASE WHEN p.method = 'cheque' THEN a.issued ELSE p.account_id END, 0, p.amount)) AS x(account_id, debit, credit)
    ORDER BY p.id;
  INSERT INTO gl_entries (account_id, entry_date, document_type, document_id, document_number, narration, debit, credit)
    SELECT x.account_id, jn.journal_date, 'journal', jn.id, jn.journal_number, jn.narration, x.debit, x.credit
    FROM bb_journals jn CROSS JOIN bb_accounts a
    CROSS JOIN LATERAL (SELECT jn.j < jn.single AND jn.j % 2 = 1 AS money_in) d
    CROSS JOIN LATERAL (VALUES (jn.bank_id, CASE WHEN d.money_in THEN jn.amount ELSE 0 END, CASE WHEN d.money_in THEN 0 ELSE jn.amount END),
                               (a.capital, CASE WHEN d.money_in THEN 0 ELSE jn.amount END, CASE WHEN d.money_in THEN jn.amount ELSE 0 END)) AS x(account_id, debit, credit)
    ORDER BY jn.id;
  ANALYZE;
`;

/** One account's book as the statement mirrors it: its bank ledger rows and open cheques (signed amounts, money in positive). */
export interface BookRow {
  kind: 'receipt' | 'payment' | 'single' | 'paired' | 'received' | 'issued';
  date: string;
  amount: string;
  reference: string;
  chequeNumber: string;
}

/** Every account's id and book, read back after the load: one row, each by the account's number. */
export const bankBookSql = () => `
  SELECT json_object_agg(b.k, b.id) AS ids, json_object_agg(b.k, (
    SELECT json_agg(json_build_object('kind', e.kind, 'date', e.date, 'amount', e.amount, 'reference', e.reference, 'chequeNumber', e.cheque_number) ORDER BY e.kind, e.n)
    FROM (
      SELECT CASE g.document_type WHEN 'receipts' THEN 'receipt' WHEN 'payments' THEN 'payment'
                  ELSE CASE WHEN jn.narration = 'Funds transfer' THEN 'single' ELSE 'paired' END END AS kind,
             g.id AS n, g.entry_date::text AS date, (g.debit - g.credit)::text AS amount,
             coalesce(r.reference, p.reference, '') AS reference, '' AS cheque_number
      FROM gl_entries g
      LEFT JOIN receipts r ON g.document_type = 'receipts' AND r.id = g.document_id
      LEFT JOIN payments p ON g.document_type = 'payments' AND p.id = g.document_id
      LEFT JOIN journals jn ON g.document_type = 'journal' AND jn.id = g.document_id
      WHERE g.account_id = b.id
      UNION ALL
      SELECT c.direction, c.id, (CASE WHEN c.direction = 'received' THEN c.deposit_date ELSE c.document_date END)::text,
             (CASE WHEN c.direction = 'received' THEN c.amount ELSE -c.amount END)::text, '', c.cheque_number
      FROM cheques c WHERE c.bank_account_id = b.id AND c.status IN ('deposited', 'issued')
    ) e)) AS books
  FROM bb_banks b`;

export interface BankBooks {
  ids: Record<string, number>;
  books: Record<string, BookRow[]>;
}

const addDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
/** Minor units as the bank prints them: 1,234.50 (an overdrawn balance -1,234.50). */
const printed = (cents: bigint): string => {
  if (cents < 0n) return `-${printed(-cents)}`;
  const whole = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${whole}.${(cents % 100n).toString().padStart(2, '0')}`;
};
const centsOf = (amount: string) => {
  const [whole, fraction = ''] = amount.replace('-', '').split('.');
  const cents = BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
  return amount.startsWith('-') ? -cents : cents;
};
const quoted = (cell: string) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

interface StatementLine {
  date: string;
  description: string;
  reference: string;
  chequeNumber: string;
  cents: bigint;
}

/** `count` rows spread over the class (the m-th of count at m * length / count). */
const spread = <T>(rows: readonly T[], count: number): T[] => Array.from({ length: Math.min(count, rows.length) }, (_, m) => rows[Math.floor((m * rows.length) / count)]!);

/** The statement file of one account and what auto-match should make of it. */
export function statementFile(shape: BankShape, book: readonly BookRow[]): { csv: string; lines: number; matched: number; suggested: number; unmatched: number; cheques: number } {
  const of = (kind: BookRow['kind']) => book.filter((row) => row.kind === kind);
  const n = shape.lines;
  const counts = { receipts: Math.floor(n * 0.4), payments: Math.floor(n * 0.3), cheques: Math.floor(n * 0.1), singles: Math.floor(n * 0.1), pairs: shape.pairedJournals / 2 };
  const lines: StatementLine[] = [];
  spread(of('receipt'), counts.receipts).forEach((row, m) =>
    lines.push({ date: addDays(row.date, m % 3), description: `IBFT inward ${row.reference.split('-')[2]}`, reference: row.reference.replace(/-/g, ' ').toLowerCase(), chequeNumber: '', cents: centsOf(row.amount) }),
  );
  spread(of('payment'), counts.payments).forEach((row, m) =>
    lines.push({ date: addDays(row.date, m % 2), description: 'Funds transfer outward', reference: row.reference.replace(/\//g, '-'), chequeNumber: '', cents: centsOf(row.amount) }),
  );
  const received = spread(of('received'), Math.floor(counts.cheques / 2));
  const issued = spread(of('issued'), counts.cheques - received.length);
  for (const row of received) lines.push({ date: addDays(row.date, 2), description: 'Clearing inward', reference: '', chequeNumber: row.chequeNumber, cents: centsOf(row.amount) });
  for (const row of issued) lines.push({ date: addDays(row.date, 3), description: 'Cheque paid', reference: '', chequeNumber: row.chequeNumber, cents: centsOf(row.amount) });
  spread(of('single'), counts.singles).forEach((row) => lines.push({ date: row.date, description: 'Inter bank funds transfer', reference: '', chequeNumber: '', cents: centsOf(row.amount) }));
  const paired = of('paired');
  for (let q = 0; q < counts.pairs; q++) {
    const row = paired[2 * q]!;
    lines.push({ date: row.date, description: 'Online transfer', reference: '', chequeNumber: '', cents: centsOf(row.amount) });
  }
  const charged = n - lines.length;
  for (let m = 0; m < charged; m++) {
    lines.push({ date: addDays(`${benchYear}-01-01`, Math.floor((m * days) / charged)), description: 'Service charges and excise duty', reference: '', chequeNumber: '', cents: -(5000n + BigInt(m % 100) * 100n + 33n) });
  }
  lines.sort((a, b) => a.date.localeCompare(b.date));
  let balance = 1_000_000_00n;
  const rows = [['Txn Date', 'Value Date', 'Particulars', 'Ref No', 'Cheque No', 'Withdrawal', 'Deposit', 'Balance'].join(',')];
  for (const line of lines) {
    balance += line.cents;
    const out = line.cents < 0n ? printed(-line.cents) : '';
    const into = line.cents > 0n ? printed(line.cents) : '';
    rows.push([dmy(line.date), dmy(line.date), line.description, line.reference, line.chequeNumber, out, into, printed(balance)].map(quoted).join(','));
  }
  const matched = counts.receipts + counts.payments + received.length + issued.length + counts.singles;
  return { csv: `${rows.join('\n')}\n`, lines: lines.length, matched, suggested: counts.pairs, unmatched: lines.length - matched, cheques: received.length + issued.length };
}
