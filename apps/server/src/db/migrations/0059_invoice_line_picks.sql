-- Issue 32, section 4: a draft invoice's lines picked by scanning. `picked_quantity` counts the
-- units the picker proved by scanning the line's lot (never more than the line holds);
-- `fefo_override` records a lot picked out of first-expiry order: {fefoInventoryId,
-- fefoLotNumber, reason, userId, at}. Written by sales alone (modules/sales/invoice-picking.ts and
-- the invoice writer, which carries an unchanged line's picks over a save).
ALTER TABLE invoice_lines
  ADD COLUMN picked_quantity integer NOT NULL DEFAULT 0,
  ADD COLUMN fefo_override jsonb,
  ADD CONSTRAINT invoice_lines_picked_quantity_check CHECK (picked_quantity >= 0 AND picked_quantity <= quantity);
