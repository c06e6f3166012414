-- Issue 16: a stock adjustment is cancelled by mirror movements under its own number, never
-- by a reversing adjustment, so its reversal links were never written. Its trigger keeps what
-- the declaration derives (lib/document/document-tables.ts; document-tables.test.ts compares).
DROP TRIGGER stock_adjustments_keep_unless_editable ON stock_adjustments;
ALTER TABLE stock_adjustments DROP COLUMN reverses_id, DROP COLUMN reversal_id;
CREATE TRIGGER stock_adjustments_keep_unless_editable BEFORE UPDATE OR DELETE ON stock_adjustments
  FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable('draft', '', '', 'status,updated_at,posted_at,posted_by,cancelled_at,cancelled_by');
