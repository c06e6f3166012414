-- Issue 29, section 6: tax withheld by the buyer. A receipt's allocation settles its invoice by
-- the money received plus what the customer withheld: sales tax (a withholding agent keeps back a
-- share of the invoice's sales tax) and income tax (s.153). The invoice's `allocated_amount`
-- grows by all three; the receipt's own `allocated_amount` stays the money's share (at most its
-- amount). Posting debits the withheld parts to Sales tax withheld (1160) and Advance income tax
-- (1170) and credits the receivable with them.
ALTER TABLE receipt_allocations
  ADD COLUMN tax_withheld numeric(18, 2) NOT NULL DEFAULT 0 CHECK (tax_withheld >= 0),
  ADD COLUMN income_tax_withheld numeric(18, 2) NOT NULL DEFAULT 0 CHECK (income_tax_withheld >= 0);

-- The certificate the customer issues for what it withheld (the withholding statement's proof),
-- recorded on the posted receipt: the document guard lets these two columns change after posting.
ALTER TABLE receipts
  ADD COLUMN certificate_number text,
  ADD COLUMN certificate_date date,
  ADD CONSTRAINT receipts_certificate_check CHECK ((certificate_number IS NULL) = (certificate_date IS NULL));
DROP TRIGGER receipts_keep_unless_editable ON receipts;
CREATE TRIGGER receipts_keep_unless_editable BEFORE UPDATE OR DELETE ON receipts
  FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable('draft', '', '', 'status,updated_at,posted_at,posted_by,cancelled_at,cancelled_by,reversal_id,allocated_amount,certificate_number,certificate_date');

-- The share of an invoice's total a customer withholds as income tax (s.153), proposed on its receipts.
ALTER TABLE customers
  ADD COLUMN income_tax_withholding_percent numeric(5, 2) NOT NULL DEFAULT 0 CHECK (income_tax_withholding_percent BETWEEN 0 AND 100);
