-- Issue 33, section 2: foreign-currency vendors, cash and bank accounts, and the general ledger's
-- foreign amounts. A row in the company currency carries no foreign figures (all four null).

-- The company currency as a column default: every writer of an account or a vendor (the generic
-- resources, party accounts, the demo, a restore) gets it without naming it.
CREATE FUNCTION company_currency() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT currency FROM company_settings ORDER BY id LIMIT 1), 'PKR')
$$;

-- Before the settings row exists (a database migrated, not yet started) the default is PKR: its
-- currency row must be there for the references below (the settings' trigger makes it otherwise).
INSERT INTO currencies (code, currency_name, symbol)
SELECT company_currency(), CASE company_currency() WHEN 'PKR' THEN 'Pakistani rupee' ELSE company_currency() END, CASE company_currency() WHEN 'PKR' THEN 'Rs' END
ON CONFLICT (code) DO NOTHING;

ALTER TABLE accounts ADD COLUMN currency text NOT NULL DEFAULT company_currency() REFERENCES currencies (code);
ALTER TABLE vendors ADD COLUMN currency text NOT NULL DEFAULT company_currency() REFERENCES currencies (code);

ALTER TABLE gl_entries
  ADD COLUMN currency text,
  ADD COLUMN exchange_rate numeric(18, 6),
  ADD COLUMN foreign_debit numeric(18, 2),
  ADD COLUMN foreign_credit numeric(18, 2),
  ADD CONSTRAINT gl_entries_foreign_check CHECK (
    (currency IS NULL AND exchange_rate IS NULL AND foreign_debit IS NULL AND foreign_credit IS NULL)
    OR (currency IS NOT NULL AND exchange_rate > 0 AND foreign_debit >= 0 AND foreign_credit >= 0)
  );

-- Purchase orders are in the vendor's currency, with the order date's rate when there is one
-- (indicative only: a receipt takes its own day's rate).
ALTER TABLE purchase_orders
  ADD COLUMN currency text NOT NULL DEFAULT company_currency() REFERENCES currencies (code),
  ADD COLUMN exchange_rate numeric(18, 6) CHECK (exchange_rate > 0);

-- A receipt's lines cost the vendor's price in its currency (foreign_unit_cost) times the
-- receipt's rate, rounded half up to the cent (unit_cost, the lot's cost). total_value and
-- paid_amount stay in the company currency; foreign_total and foreign_paid are the same in the
-- receipt's currency (equal to them in the company currency).
ALTER TABLE goods_receipts
  ADD COLUMN currency text NOT NULL DEFAULT company_currency() REFERENCES currencies (code),
  ADD COLUMN exchange_rate numeric(18, 6) NOT NULL DEFAULT 1 CHECK (exchange_rate > 0),
  ADD COLUMN foreign_total numeric(18, 2),
  ADD COLUMN foreign_paid numeric(18, 2) NOT NULL DEFAULT 0 CHECK (foreign_paid >= 0);
ALTER TABLE goods_receipt_lines ADD COLUMN foreign_unit_cost numeric(18, 2);

-- Payments are in the payee's currency (a vendor's; an employee or an expense: the company's):
-- amount and allocations in it, at the payment's rate; company_amount = amount x rate to the cent
-- (what leaves the bank in the company currency); exchange_difference what the posting put on
-- exchange gain or loss (gain +, loss -). A letter of credit names its number.
ALTER TABLE payments
  ADD COLUMN currency text NOT NULL DEFAULT company_currency() REFERENCES currencies (code),
  ADD COLUMN exchange_rate numeric(18, 6) NOT NULL DEFAULT 1 CHECK (exchange_rate > 0),
  ADD COLUMN company_amount numeric(18, 2),
  ADD COLUMN exchange_difference numeric(18, 2) NOT NULL DEFAULT 0,
  ADD COLUMN lc_number text;

-- Backfill: everything so far was in the company currency. Posted documents and their lines are
-- guarded against change (0005's trigger): the guards step aside for these statements alone,
-- inside this migration's transaction (as 0043).
ALTER TABLE purchase_orders DISABLE TRIGGER purchase_orders_keep_unless_editable;
ALTER TABLE goods_receipts DISABLE TRIGGER goods_receipts_keep_unless_editable;
ALTER TABLE goods_receipt_lines DISABLE TRIGGER goods_receipt_lines_keep_unless_editable;
ALTER TABLE payments DISABLE TRIGGER payments_keep_unless_editable;
UPDATE purchase_orders o SET currency = v.currency FROM vendors v WHERE v.id = o.vendor_id AND o.currency <> v.currency;
UPDATE goods_receipts SET foreign_total = total_value, foreign_paid = paid_amount;
UPDATE goods_receipt_lines SET foreign_unit_cost = unit_cost;
UPDATE payments SET company_amount = amount;
ALTER TABLE purchase_orders ENABLE TRIGGER purchase_orders_keep_unless_editable;
ALTER TABLE goods_receipts ENABLE TRIGGER goods_receipts_keep_unless_editable;
ALTER TABLE goods_receipt_lines ENABLE TRIGGER goods_receipt_lines_keep_unless_editable;
ALTER TABLE payments ENABLE TRIGGER payments_keep_unless_editable;

ALTER TABLE goods_receipts ALTER COLUMN foreign_total SET NOT NULL, ALTER COLUMN foreign_total SET DEFAULT 0,
  ADD CONSTRAINT goods_receipts_foreign_paid_within_total CHECK (foreign_paid <= foreign_total);
ALTER TABLE goods_receipt_lines ALTER COLUMN foreign_unit_cost SET NOT NULL;
-- No default: every writer of a payment says what left the bank in the company currency.
ALTER TABLE payments ALTER COLUMN company_amount SET NOT NULL;
ALTER TABLE payments DROP CONSTRAINT payments_method_check,
  ADD CONSTRAINT payments_method_check CHECK (method IN ('cash', 'bank', 'cheque', 'lc')),
  ADD CONSTRAINT payments_lc_number_check CHECK ((method = 'lc') = (lc_number IS NOT NULL));

-- What payments move on a posted receipt (its foreign paid with its paid amount) and on a posted
-- payment (a later allocation's exchange difference) are workflow columns.
DROP TRIGGER goods_receipts_keep_unless_editable ON goods_receipts;
CREATE TRIGGER goods_receipts_keep_unless_editable BEFORE UPDATE OR DELETE ON goods_receipts
  FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable('draft', '', '', 'status,updated_at,posted_at,posted_by,cancelled_at,cancelled_by,reversal_id,paid_amount,foreign_paid');
DROP TRIGGER payments_keep_unless_editable ON payments;
CREATE TRIGGER payments_keep_unless_editable BEFORE UPDATE OR DELETE ON payments
  FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable('draft', '', '', 'status,updated_at,posted_at,posted_by,cancelled_at,cancelled_by,reversal_id,allocated_amount,exchange_difference');

-- A journal line on a foreign-currency account may give its figures in that currency.
ALTER TABLE journal_lines
  ADD COLUMN currency text REFERENCES currencies (code),
  ADD COLUMN exchange_rate numeric(18, 6) CHECK (exchange_rate > 0),
  ADD COLUMN foreign_debit numeric(18, 2) CHECK (foreign_debit >= 0),
  ADD COLUMN foreign_credit numeric(18, 2) CHECK (foreign_credit >= 0);

-- The exchange posting accounts, made and chosen where the chart has the heads and the codes are
-- free (a database started before this migration; a new one gets them with its default chart).
INSERT INTO accounts (account_code, account_name, head_id, sub_head_id, kind)
SELECT v.code, v.name, head.id, sub.id, 'income'
FROM (VALUES ('4500', 'Exchange gain or loss'), ('4510', 'Unrealised exchange gain or loss')) AS v(code, name)
JOIN account_heads head ON head.head_name = 'Income' AND head.parent_id IS NULL
JOIN account_heads sub ON sub.head_name = 'Other income' AND sub.parent_id = head.id
WHERE NOT EXISTS (SELECT 1 FROM accounts a WHERE a.account_code = v.code);

INSERT INTO posting_accounts (key, account_id)
SELECT v.key, a.id
FROM (VALUES ('exchangeGainLoss', '4500', 'Exchange gain or loss'), ('unrealisedExchangeGainLoss', '4510', 'Unrealised exchange gain or loss')) AS v(key, code, name)
JOIN accounts a ON a.account_code = v.code AND a.account_name = v.name
ON CONFLICT (key) DO NOTHING;
