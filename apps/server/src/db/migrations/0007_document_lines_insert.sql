-- The lines of a document outside its editable states cannot be added either: the shared
-- trigger function of 0005 now also guards INSERT on a lines table. A restore (TRUNCATE, then
-- documents before their lines) sets erp.restoring, and the INSERT check stands aside for it.
-- Everything else is as 0005 left it: document tables keep their UPDATE OR DELETE triggers.
CREATE OR REPLACE FUNCTION document_keep_unless_editable() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  editable text[] := string_to_array(TG_ARGV[0], ',');
  parent_table text := coalesce(TG_ARGV[1], '');
  parent_key text := coalesce(TG_ARGV[2], '');
  workflow_columns text[] := string_to_array(coalesce(TG_ARGV[3], ''), ',');
  row_data jsonb;
  parent_status text;
BEGIN
  IF parent_table = '' THEN
    IF NOT (OLD.status = ANY (editable)) THEN
      IF TG_OP = 'DELETE' THEN
        RAISE EXCEPTION 'A % % cannot be deleted (%)', OLD.status, TG_TABLE_NAME, OLD.id USING ERRCODE = 'P0001';
      END IF;
      IF (to_jsonb(NEW) - workflow_columns) IS DISTINCT FROM (to_jsonb(OLD) - workflow_columns) THEN
        RAISE EXCEPTION 'A % % cannot be changed (%)', OLD.status, TG_TABLE_NAME, OLD.id USING ERRCODE = 'P0001';
      END IF;
    END IF;
  ELSE
    IF TG_OP = 'INSERT' AND coalesce(current_setting('erp.restoring', true), '') = 'on' THEN
      RETURN NEW;
    END IF;
    row_data := CASE WHEN TG_OP = 'INSERT' THEN to_jsonb(NEW) ELSE to_jsonb(OLD) END;
    EXECUTE format('SELECT status FROM %I WHERE id = $1', parent_table) INTO parent_status USING (row_data ->> parent_key)::int;
    -- No parent row: a cascade from deleting a (draft) document, or a document written in the same statement.
    IF parent_status IS NOT NULL AND NOT (parent_status = ANY (editable)) THEN
      RAISE EXCEPTION 'The lines of a % % cannot be changed', parent_status, parent_table USING ERRCODE = 'P0001';
    END IF;
    IF TG_OP = 'UPDATE' AND (to_jsonb(NEW) ->> parent_key) IS DISTINCT FROM (row_data ->> parent_key) THEN
      EXECUTE format('SELECT status FROM %I WHERE id = $1', parent_table) INTO parent_status USING (to_jsonb(NEW) ->> parent_key)::int;
      IF parent_status IS NOT NULL AND NOT (parent_status = ANY (editable)) THEN
        RAISE EXCEPTION 'The lines of a % % cannot be changed', parent_status, parent_table USING ERRCODE = 'P0001';
      END IF;
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END;
$$;

DROP TRIGGER journal_lines_keep_unless_editable ON journal_lines;
CREATE TRIGGER journal_lines_keep_unless_editable BEFORE INSERT OR UPDATE OR DELETE ON journal_lines
  FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable('draft', 'journals', 'journal_id');

DROP TRIGGER stock_adjustment_lines_keep_unless_editable ON stock_adjustment_lines;
CREATE TRIGGER stock_adjustment_lines_keep_unless_editable BEFORE INSERT OR UPDATE OR DELETE ON stock_adjustment_lines
  FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable('draft', 'stock_adjustments', 'stock_adjustment_id');
