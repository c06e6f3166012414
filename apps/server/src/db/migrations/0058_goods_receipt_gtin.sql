-- Issue 32, section 4: a receipt line received by scanning keeps what the pack said: its GTIN (14
-- digits, GTIN-8, -12 and -13 left-padded) and its serial. The receipt keeps them; GS1's rules
-- check the GTIN is a link of the line's item (on save and at the post). Null: not scanned.
ALTER TABLE goods_receipt_lines
  ADD COLUMN gtin text CHECK (gtin ~ '^[0-9]{14}$'),
  ADD COLUMN serial_number text CHECK (length(serial_number) <= 60);
