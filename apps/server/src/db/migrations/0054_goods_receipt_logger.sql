-- Issue 31, section 3: what the shipment's temperature logger showed when the goods arrived. The
-- receipt records it; the cold chain's rules (required for goods kept cold, an excursion holds the
-- lots) read it from there.
ALTER TABLE goods_receipts
  ADD COLUMN logger_result text CHECK (logger_result IN ('withinRange', 'excursion')),
  ADD COLUMN logger_serial text NOT NULL DEFAULT '',
  ADD COLUMN logger_min_c numeric(5, 2),
  ADD COLUMN logger_max_c numeric(5, 2),
  ADD COLUMN logger_minutes_outside integer CHECK (logger_minutes_outside >= 0),
  ADD COLUMN logger_notes text NOT NULL DEFAULT '';
