-- Issue 30, section 2: FBR's reference data, one row per list, replaced whole by each refresh
-- (the admin's, or the weekly job). Rows are FBR's objects as received, so a field FBR adds is
-- kept; `hsUom` holds {hsCode, units: [FBR's rows]} per HS code the items use, `rates`
-- {saleType, transactionTypeId, rates: [FBR's rows]} per sale type.
CREATE TABLE fbr_reference (
  kind text PRIMARY KEY CHECK (kind IN ('provinces', 'documentTypes', 'transactionTypes', 'uom', 'hsUom', 'rates')),
  rows jsonb NOT NULL CHECK (jsonb_typeof(rows) = 'array'),
  fetched_at timestamptz NOT NULL
);
