-- A posted invoice's lines may take again their HS code and FBR unit (issue 30, section 4: FBR's
-- resend of a refused report, so the print and FBR's copy agree); every other change stays guarded.
DROP TRIGGER invoice_lines_keep_unless_editable_update ON invoice_lines;
CREATE TRIGGER invoice_lines_keep_unless_editable_update BEFORE UPDATE ON invoice_lines
  FOR EACH ROW WHEN ((to_jsonb(NEW) - 'returned_quantity' - 'hs_code' - 'fbr_uom') IS DISTINCT FROM (to_jsonb(OLD) - 'returned_quantity' - 'hs_code' - 'fbr_uom'))
  EXECUTE FUNCTION document_keep_unless_editable('draft', 'invoices', 'invoice_id');
