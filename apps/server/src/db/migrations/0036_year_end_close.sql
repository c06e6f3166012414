-- Issue 27, section 7: a fiscal year's statements open income and expense at zero and carry the
-- earlier years' result in Retained earnings (posting key `retainedEarnings`). A chart made before
-- the key was declared gets the account and the key here (the default chart has them for a new
-- company); a code 3100 already used for something else is left alone (the key then waits for a
-- choice in settings, and the year-end close says so, 409).
INSERT INTO accounts (account_code, account_name, head_id, sub_head_id, kind)
SELECT '3100', 'Retained earnings', head.id, sub.id, 'equity'
FROM account_heads head
JOIN account_heads sub ON sub.head_name = 'Retained earnings' AND sub.parent_id = head.id
WHERE head.head_name = 'Equity' AND head.parent_id IS NULL
  AND NOT EXISTS (SELECT 1 FROM accounts a WHERE a.account_code = '3100');

INSERT INTO posting_accounts (key, account_id)
SELECT 'retainedEarnings', a.id FROM accounts a
WHERE a.account_code = '3100' AND a.account_name = 'Retained earnings'
ON CONFLICT (key) DO NOTHING;

-- One row per closed fiscal year: its closing journal's rows in gl_entries carry
-- document_type 'year-end-close' and document_id this id. `fiscal_year` is the year the
-- fiscal year ends in (2026: July 2025 to June 2026 with a July start).
CREATE TABLE year_end_closes (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  fiscal_year integer NOT NULL UNIQUE,
  from_date date NOT NULL,
  to_date date NOT NULL,
  document_number text NOT NULL UNIQUE,
  profit numeric(18, 2) NOT NULL,
  closed_at timestamptz NOT NULL DEFAULT now(),
  closed_by integer
);
