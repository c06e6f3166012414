-- The document machinery (issue 6): one trigger function keeps every document and its lines
-- as the workflow left them. Statements that hold a $$ body are kept whole by the migrator.

-- Arguments, given per table by CREATE TRIGGER:
--   0: the editable states, comma-separated ('draft');
--   1: on a lines table, the document table ('journals'); '' on a document table;
--   2: on a lines table, the column holding the document's id ('journal_id');
--   3: on a document table, the columns a transition may still write once the document left
--      its editable states (status, stamps, the reversal link), comma-separated.
-- A document outside its editable states cannot be deleted, nor changed but for those
-- columns; the lines of such a document cannot be changed or deleted (nor moved onto it).
-- Row-level and without INSERT, so a restore (TRUNCATE, then documents before their lines)
-- still works.
CREATE FUNCTION document_keep_unless_editable() RETURNS trigger LANGUAGE plpgsql AS $$
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

-- Journals move onto it: the journal-specific triggers of 0003 go.
DROP TRIGGER journal_lines_keep_posted ON journal_lines;
DROP TRIGGER journals_keep_posted ON journals;
DROP FUNCTION journal_lines_refuse_posted_change();
DROP FUNCTION journals_refuse_posted_change();

CREATE TRIGGER journals_keep_unless_editable BEFORE UPDATE OR DELETE ON journals
  FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable('draft', '', '', 'status,updated_at,posted_at,posted_by,cancelled_at,cancelled_by,reversal_journal_id');

CREATE TRIGGER journal_lines_keep_unless_editable BEFORE UPDATE OR DELETE ON journal_lines
  FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable('draft', 'journals', 'journal_id');
