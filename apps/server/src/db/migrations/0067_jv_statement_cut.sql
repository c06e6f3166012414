-- A joint venture's settlement and a posting stamped with the venture at the same moment (stop 54).
-- A settlement counts the rows created up to its cut and leaves later ones, dated in its period,
-- to the next statement's adjustments. The cut was the settlement's transaction start and a row's
-- created_at its own transaction's start, so a posting that started first and committed after the
-- settlement read its statement was in neither. Now a row stamped with a venture takes the
-- venture's advisory lock shared (class 28, the venture's id) and then its created_at from the
-- clock; a settlement takes the same lock exclusive (it waits for those postings, and they for it)
-- and its cut from the clock after that. An advisory lock, not the venture's row: its waiters queue
-- in order, so a stream of postings cannot keep a settlement waiting (a row's KEY SHARE is granted
-- past a waiting FOR UPDATE). A row given its own created_at (a restore) keeps it.
ALTER TABLE jv_settlements ADD COLUMN statement_cut_at timestamptz;

CREATE FUNCTION gl_entries_venture_stamp_time() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(28, NEW.joint_venture_id);
  NEW.created_at := clock_timestamp();
  RETURN NEW;
END
$$;

CREATE TRIGGER gl_entries_venture_stamp_time BEFORE INSERT ON gl_entries
  FOR EACH ROW WHEN (NEW.joint_venture_id IS NOT NULL AND NEW.created_at = now()) EXECUTE FUNCTION gl_entries_venture_stamp_time();
