-- Issue 20: the P&L and a ledger narrowed to a department read the entries stamped with it (day
-- totals carry no department). The index now carries what those reads sum, so they are
-- index-only scans: over 1,000,000 rows with 125,000 of one department, 84 ms -> 39 ms on
-- PostgreSQL (bench/RESULTS.md). Only payroll's lines carry a department: the index stays small.
DROP INDEX IF EXISTS gl_entries_department_idx;
CREATE INDEX gl_entries_department_idx ON gl_entries (department_id, entry_date) INCLUDE (account_id, debit, credit) WHERE department_id IS NOT NULL;
