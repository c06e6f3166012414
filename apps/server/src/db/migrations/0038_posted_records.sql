-- Issue 28, section 2: consignments and service visits are posted records of the document
-- machinery (docs/decisions/rentals.md): recorded posted by their create, cancelled by the mirror
-- of their stock moves and ledger rows. Each takes the workflow columns, the status CHECK and the
-- machinery's header trigger; every row recorded so far was posted when it was recorded, by
-- whoever recorded it. (A service visit without parts stays unnumbered: it moves nothing.)
DO $$
DECLARE
  record_table text;
BEGIN
  FOREACH record_table IN ARRAY ARRAY['consignments', 'service_visits'] LOOP
    EXECUTE format('ALTER TABLE %I ADD COLUMN status text NOT NULL DEFAULT ''draft'', ADD COLUMN posted_at timestamptz, ADD COLUMN posted_by integer,
                      ADD COLUMN cancelled_at timestamptz, ADD COLUMN cancelled_by integer', record_table);
    EXECUTE format('UPDATE %I SET status = ''posted'', posted_at = created_at, posted_by = created_by', record_table);
    EXECUTE format('ALTER TABLE %I ADD CHECK (status IN (''draft'', ''posted'', ''cancelled''))', record_table);
    EXECUTE format('CREATE TRIGGER %I BEFORE UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION
                      document_keep_unless_editable(''draft'', '''', '''', ''status,updated_at,posted_at,posted_by,cancelled_at,cancelled_by'')',
                   record_table || '_keep_unless_editable', record_table);
  END LOOP;
END
$$;
