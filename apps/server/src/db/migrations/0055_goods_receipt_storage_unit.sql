-- Issue 31, section 3: a receipt line may name the storage unit its goods kept cold go into. The
-- receipt keeps it; the cold chain checks it (the unit of the receipt's region and the item's
-- condition) and, when the receipt posts, places the line's lot in it from the receipt date.
-- The line's side of the key is checked at commit, so the cold chain's check answers a unit that
-- does not exist in its words; a unit's delete is refused at once (RESTRICT is never deferred).
ALTER TABLE goods_receipt_lines
  ADD COLUMN storage_unit_id integer REFERENCES storage_units (id) ON DELETE RESTRICT DEFERRABLE INITIALLY DEFERRED;
