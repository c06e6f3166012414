-- Issue 28 (invoice throughput): an SQL function whose body holds a subquery is never inlined,
-- and PostgreSQL plans such a body again in every statement that calls it. The posting's read
-- calls both of these once per invoice (0.1 to 0.2 ms of planning each, measured with
-- pg_stat_statements' track_planning). As PL/pgSQL their plans are kept per connection. Same
-- answers: null for an account that does not exist, PKR before the settings' row exists.
CREATE OR REPLACE FUNCTION account_balance(p_account_id integer) RETURNS numeric LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT a.opening_balance + coalesce((SELECT sum(t.debit - t.credit) FROM account_daily_totals t WHERE t.account_id = a.id), 0)
          FROM accounts a WHERE a.id = p_account_id);
END
$$;

CREATE OR REPLACE FUNCTION company_currency() RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN coalesce((SELECT currency FROM company_settings ORDER BY id LIMIT 1), 'PKR');
END
$$;

-- The lines' guard (0007) looked up the document's status with dynamic SQL, planned again for
-- every line written: 0.2 to 0.3 ms of an invoice's database time. Invoices, the documents
-- written most, take a static statement, whose plan PL/pgSQL keeps; the rest is as 0007 left it.
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
    -- A static statement keeps its plan per connection; a dynamic one is planned on every row.
    IF parent_table = 'invoices' THEN
      SELECT status INTO parent_status FROM invoices WHERE id = (row_data ->> parent_key)::int;
    ELSE
      EXECUTE format('SELECT status FROM %I WHERE id = $1', parent_table) INTO parent_status USING (row_data ->> parent_key)::int;
    END IF;
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
