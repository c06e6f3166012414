-- Issue 31, section 1: a lot that may not be sold is never drawn. Each inventory row (lot and
-- location) keeps what holds it, and its status follows from them in one order, the later
-- winning: destroyed, recalled, quarantined (by a person or by a temperature excursion),
-- released. `expired` is never stored: it is judged on a date, as every draw already does.
ALTER TABLE inventory
  ADD COLUMN lot_status text NOT NULL DEFAULT 'released' CHECK (lot_status IN ('released', 'quarantined', 'recalled', 'destroyed')),
  ADD COLUMN status_reason text NOT NULL DEFAULT '',
  -- A person's quarantine (lots:quarantine), lifted only by a person's release (lots:release).
  ADD COLUMN quarantined_manually boolean NOT NULL DEFAULT false,
  -- The recall (recalls area) and the excursion (cold-chain area) holding the lot; no foreign
  -- key: those areas' tables are theirs, and a hold outlives neither.
  ADD COLUMN recall_id integer,
  ADD COLUMN excursion_id integer;

CREATE INDEX inventory_blocked_idx ON inventory (lot_status) WHERE lot_status <> 'released';

-- Every change of a row's status: from, to, why, which document, who and when.
CREATE TABLE lot_status_changes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  inventory_id integer NOT NULL REFERENCES inventory (id) ON DELETE CASCADE,
  from_status text NOT NULL,
  to_status text NOT NULL,
  reason text NOT NULL DEFAULT '',
  document_type text,
  document_id integer,
  document_number text,
  changed_by integer,
  changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX lot_status_changes_inventory_idx ON lot_status_changes (inventory_id, id);

-- A row born later for a recalled lot (a transfer's arrival, a return to another place) is born
-- recalled: the recall covers the lot everywhere, whoever writes the row. A restore (erp.restoring)
-- brings rows and their history back as they were: both triggers stand aside.
CREATE FUNCTION inventory_born_recalled() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  held inventory%ROWTYPE;
BEGIN
  IF coalesce(current_setting('erp.restoring', true), '') = 'on' THEN
    RETURN NEW;
  END IF;
  IF NEW.recall_id IS NULL THEN
    -- The shared form of the lock a recall's opening takes (lot-status.ts, recallLots): a recall
    -- opening now is waited for, and then seen.
    PERFORM pg_advisory_xact_lock_shared(hashtext(NEW.item_id::text || '|' || NEW.lot_number));
    SELECT * INTO held FROM inventory
      WHERE item_id = NEW.item_id AND lot_number = NEW.lot_number AND recall_id IS NOT NULL
      ORDER BY lot_status = 'recalled' DESC, id LIMIT 1;
    IF FOUND THEN
      NEW.recall_id := held.recall_id;
      NEW.lot_status := 'recalled';
      -- A destroyed row's reason names its disposal; the recall's rows name the recall.
      NEW.status_reason := CASE WHEN held.lot_status = 'recalled' THEN held.status_reason ELSE '' END;
    END IF;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER inventory_born_recalled BEFORE INSERT ON inventory
  FOR EACH ROW EXECUTE FUNCTION inventory_born_recalled();

CREATE FUNCTION inventory_born_recalled_history() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('erp.restoring', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  INSERT INTO lot_status_changes (inventory_id, from_status, to_status, reason, document_type, document_id)
  SELECT n.id, 'released', n.lot_status, n.status_reason, 'recalls', n.recall_id
  FROM new_lots n WHERE n.recall_id IS NOT NULL;
  RETURN NULL;
END $$;
CREATE TRIGGER inventory_born_recalled_history AFTER INSERT ON inventory
  REFERENCING NEW TABLE AS new_lots FOR EACH STATEMENT EXECUTE FUNCTION inventory_born_recalled_history();

-- Disposals of a recall and write-offs after a temperature excursion are adjustments of their own reasons.
ALTER TABLE stock_adjustments DROP CONSTRAINT stock_adjustments_reason_check;
ALTER TABLE stock_adjustments ADD CONSTRAINT stock_adjustments_reason_check
  CHECK (reason IN ('countCorrection', 'damage', 'expiryWriteOff', 'openingStock', 'recallDisposal', 'coldChainWriteOff'));
