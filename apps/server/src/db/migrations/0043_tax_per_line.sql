-- Issue 29, sections 4, 5 and 9: tax per line. Each quotation, invoice and return line copies
-- the facts of its item in force on the document's date (so later changes never change a
-- document) and bears its own sales tax and further tax; the header keeps the buyer's
-- registration as it was, and `tax_rate` only when every line shares it (else NULL).
-- Existing lines read the same after this: their header's rate, standard rate, no further tax.
ALTER TABLE quotation_lines
  ADD COLUMN hs_code text,
  ADD COLUMN fbr_uom text,
  ADD COLUMN sale_type text NOT NULL DEFAULT 'standardRate'
    CHECK (sale_type IN ('standardRate', 'reducedRate', 'zeroRate', 'exempt', 'thirdSchedule', 'nonAdjustable')),
  ADD COLUMN tax_rate numeric(5, 2) NOT NULL DEFAULT 0 CHECK (tax_rate BETWEEN 0 AND 100),
  ADD COLUMN sro_schedule_no text NOT NULL DEFAULT '',
  ADD COLUMN sro_item_serial_no text NOT NULL DEFAULT '',
  ADD COLUMN retail_price numeric(18, 2),
  ADD COLUMN further_tax_rate numeric(5, 2) NOT NULL DEFAULT 0 CHECK (further_tax_rate BETWEEN 0 AND 100),
  ADD COLUMN further_tax_amount numeric(18, 2) NOT NULL DEFAULT 0 CHECK (further_tax_amount >= 0);

ALTER TABLE invoice_lines
  ADD COLUMN hs_code text,
  ADD COLUMN fbr_uom text,
  ADD COLUMN sale_type text NOT NULL DEFAULT 'standardRate'
    CHECK (sale_type IN ('standardRate', 'reducedRate', 'zeroRate', 'exempt', 'thirdSchedule', 'nonAdjustable')),
  ADD COLUMN tax_rate numeric(5, 2) NOT NULL DEFAULT 0 CHECK (tax_rate BETWEEN 0 AND 100),
  ADD COLUMN sro_schedule_no text NOT NULL DEFAULT '',
  ADD COLUMN sro_item_serial_no text NOT NULL DEFAULT '',
  ADD COLUMN retail_price numeric(18, 2),
  ADD COLUMN further_tax_rate numeric(5, 2) NOT NULL DEFAULT 0 CHECK (further_tax_rate BETWEEN 0 AND 100),
  ADD COLUMN further_tax_amount numeric(18, 2) NOT NULL DEFAULT 0 CHECK (further_tax_amount >= 0);

-- A return line gives back at its invoice line's rates; the rest of the line's facts are read from it.
ALTER TABLE sales_return_lines
  ADD COLUMN sale_type text NOT NULL DEFAULT 'standardRate'
    CHECK (sale_type IN ('standardRate', 'reducedRate', 'zeroRate', 'exempt', 'thirdSchedule', 'nonAdjustable')),
  ADD COLUMN tax_rate numeric(5, 2) NOT NULL DEFAULT 0 CHECK (tax_rate BETWEEN 0 AND 100),
  ADD COLUMN further_tax_amount numeric(18, 2) NOT NULL DEFAULT 0 CHECK (further_tax_amount >= 0);

ALTER TABLE quotations
  ALTER COLUMN tax_rate DROP NOT NULL,
  ADD COLUMN further_tax_amount numeric(18, 2) NOT NULL DEFAULT 0 CHECK (further_tax_amount >= 0),
  ADD COLUMN buyer_registration_type text NOT NULL DEFAULT 'unregistered' CHECK (buyer_registration_type IN ('registered', 'unregistered'));
ALTER TABLE invoices
  ALTER COLUMN tax_rate DROP NOT NULL,
  ADD COLUMN further_tax_amount numeric(18, 2) NOT NULL DEFAULT 0 CHECK (further_tax_amount >= 0),
  ADD COLUMN buyer_registration_type text NOT NULL DEFAULT 'unregistered' CHECK (buyer_registration_type IN ('registered', 'unregistered'));
ALTER TABLE sales_returns
  ADD COLUMN further_tax_amount numeric(18, 2) NOT NULL DEFAULT 0 CHECK (further_tax_amount >= 0);

-- Backfill. Posted documents and their lines are guarded against change (0005's trigger): the
-- guards step aside for these statements alone, inside this migration's transaction.
ALTER TABLE quotations DISABLE TRIGGER quotations_keep_unless_editable;
ALTER TABLE quotation_lines DISABLE TRIGGER quotation_lines_keep_unless_editable;
ALTER TABLE invoices DISABLE TRIGGER invoices_keep_unless_editable;
ALTER TABLE invoice_lines DISABLE TRIGGER invoice_lines_keep_unless_editable_update;
ALTER TABLE sales_return_lines DISABLE TRIGGER sales_return_lines_keep_unless_editable;
UPDATE quotation_lines l SET tax_rate = q.tax_rate FROM quotations q WHERE q.id = l.quotation_id AND q.tax_rate <> 0;
UPDATE invoice_lines l SET tax_rate = i.tax_rate FROM invoices i WHERE i.id = l.invoice_id AND i.tax_rate <> 0;
UPDATE sales_return_lines rl SET tax_rate = l.tax_rate FROM invoice_lines l WHERE l.id = rl.invoice_line_id AND l.tax_rate <> 0;
UPDATE quotations d SET buyer_registration_type = c.registration_type FROM customers c WHERE c.id = d.customer_id AND c.registration_type <> 'unregistered';
UPDATE invoices d SET buyer_registration_type = c.registration_type FROM customers c WHERE c.id = d.customer_id AND c.registration_type <> 'unregistered';
ALTER TABLE quotations ENABLE TRIGGER quotations_keep_unless_editable;
ALTER TABLE quotation_lines ENABLE TRIGGER quotation_lines_keep_unless_editable;
ALTER TABLE invoices ENABLE TRIGGER invoices_keep_unless_editable;
ALTER TABLE invoice_lines ENABLE TRIGGER invoice_lines_keep_unless_editable_update;
ALTER TABLE sales_return_lines ENABLE TRIGGER sales_return_lines_keep_unless_editable;

-- The new posting accounts, made and chosen where the chart has the heads and the code is free (as 0042).
INSERT INTO accounts (account_code, account_name, head_id, sub_head_id, kind)
SELECT v.code, v.name, head.id, sub.id, 'other'
FROM (VALUES ('2110', 'Further tax payable', 'Liabilities', 'Tax'),
             ('1160', 'Sales tax withheld by customers', 'Assets', 'Receivables'),
             ('1170', 'Advance income tax', 'Assets', 'Receivables')) AS v(code, name, head_name, sub_name)
JOIN account_heads head ON head.head_name = v.head_name AND head.parent_id IS NULL
JOIN account_heads sub ON sub.head_name = v.sub_name AND sub.parent_id = head.id
WHERE NOT EXISTS (SELECT 1 FROM accounts a WHERE a.account_code = v.code);

INSERT INTO posting_accounts (key, account_id)
SELECT v.key, a.id
FROM (VALUES ('furtherTaxPayable', '2110', 'Further tax payable'),
             ('salesTaxWithheld', '1160', 'Sales tax withheld by customers'),
             ('advanceIncomeTax', '1170', 'Advance income tax')) AS v(key, code, name)
JOIN accounts a ON a.account_code = v.code AND a.account_name = v.name
ON CONFLICT (key) DO NOTHING;
