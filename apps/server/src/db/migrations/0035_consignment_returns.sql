-- Issue 21, section 2 (per test): unused reagents come back from the customer's site to the
-- region's warehouse as a third kind of consignment, `return` (CSR-), with no ledger rows (the
-- lots stay in Inventory at their cost, as shipments decided). 0030's check named the two kinds.
ALTER TABLE consignments DROP CONSTRAINT IF EXISTS consignments_consignment_kind_check;
ALTER TABLE consignments ADD CONSTRAINT consignments_consignment_kind_check CHECK (consignment_kind IN ('shipment', 'usage', 'return'));
