-- Issue 33, section 3: import shipments and their landed costs. A shipment names posted goods
-- receipts and the charges of bringing them in (duties, freight, insurance, clearing, LC charges,
-- import taxes); posting spreads the capitalised charges over the receipts' lines, raises their
-- lots' unit cost and books the share of units already gone to cost of sales.

-- The stock ledger learns value rows (docs/decisions/landed-costs.md): a change of a lot's unit
-- cost, written like a movement but moving no units. `unit_cost` holds the change per unit (signed),
-- `value` the change of the lot's value at that place (signed: the units there x the change).
ALTER TABLE stock_moves ADD COLUMN kind text NOT NULL DEFAULT 'quantity';
ALTER TABLE stock_moves DROP CONSTRAINT stock_moves_quantities_check;
ALTER TABLE stock_moves DROP CONSTRAINT stock_moves_value_check;
ALTER TABLE stock_moves ADD CONSTRAINT stock_moves_kind_check CHECK (kind IN ('quantity', 'value'));
ALTER TABLE stock_moves ADD CONSTRAINT stock_moves_quantities_check CHECK (
  quantity_in >= 0 AND quantity_out >= 0
  AND CASE WHEN kind = 'quantity' THEN (quantity_in > 0) <> (quantity_out > 0) ELSE quantity_in = 0 AND quantity_out = 0 END
);
ALTER TABLE stock_moves ADD CONSTRAINT stock_moves_value_check CHECK (
  kind = 'value' OR (unit_cost >= 0 AND value = (quantity_in + quantity_out) * unit_cost)
);

-- A value row counts in the day's value in (a rise) or out (a fall), never in its quantities.
CREATE OR REPLACE FUNCTION stock_moves_add_daily_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Sorted, so two postings lock the day rows they share in one order and never deadlock.
  INSERT INTO stock_daily_totals AS t (region_id, move_date, quantity_in, quantity_out, value_in, value_out, moves)
    SELECT region_id, move_date, sum(quantity_in), sum(quantity_out),
           coalesce(sum(value) FILTER (WHERE quantity_in > 0 OR (kind = 'value' AND value > 0)), 0),
           coalesce(sum(CASE WHEN kind = 'value' THEN -value ELSE value END) FILTER (WHERE quantity_out > 0 OR (kind = 'value' AND value < 0)), 0),
           count(*)
    FROM new_moves GROUP BY region_id, move_date ORDER BY region_id, move_date
  ON CONFLICT (region_id, move_date) DO UPDATE
    SET quantity_in = t.quantity_in + excluded.quantity_in, quantity_out = t.quantity_out + excluded.quantity_out,
        value_in = t.value_in + excluded.value_in, value_out = t.value_out + excluded.value_out,
        moves = t.moves + excluded.moves;
  RETURN NULL;
END;
$$;

CREATE TABLE import_shipments (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  document_number text,
  document_date date NOT NULL,
  status text NOT NULL DEFAULT 'draft',
  reference text NOT NULL DEFAULT '',
  gd_number text NOT NULL DEFAULT '',
  lc_number text NOT NULL DEFAULT '',
  notes text NOT NULL DEFAULT '',
  split_method text NOT NULL DEFAULT 'value' CHECK (split_method IN ('value', 'quantity', 'weight')),
  -- The receipts, in the order given, and the lines' weights: read whole with the shipment.
  goods_receipt_ids jsonb NOT NULL DEFAULT '[]',
  weights jsonb NOT NULL DEFAULT '[]',
  -- The first receipt's region: where the charges' credits are stamped.
  region_id integer REFERENCES regions (id),
  total_amount numeric(18, 2) NOT NULL DEFAULT 0,
  capitalised_amount numeric(18, 2) NOT NULL DEFAULT 0,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  posted_at timestamptz,
  posted_by integer,
  -- Written by the post: what went to Inventory and to cost of sales, and the stock ledger's last
  -- movement of its lots then (a quantity movement after it is "moved since": the cancel's 409).
  to_inventory numeric(18, 2) NOT NULL DEFAULT 0,
  to_cost_of_sales numeric(18, 2) NOT NULL DEFAULT 0,
  move_mark bigint,
  cancelled_at timestamptz,
  cancelled_by integer,
  CONSTRAINT import_shipments_document_number_key UNIQUE (document_number)
);
CREATE INDEX import_shipments_document_date_idx ON import_shipments (document_date DESC, id DESC);
CREATE INDEX import_shipments_status_idx ON import_shipments (status);
CREATE INDEX import_shipments_document_number_trgm ON import_shipments USING gin (document_number gin_trgm_ops);
-- "Which shipments name this receipt?": a receipt's cancel, its links.
CREATE INDEX import_shipments_receipts_idx ON import_shipments USING gin (goods_receipt_ids jsonb_path_ops);

CREATE TABLE import_shipment_charges (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  import_shipment_id integer NOT NULL REFERENCES import_shipments (id) ON DELETE CASCADE,
  line_no integer NOT NULL,
  kind text NOT NULL CHECK (kind IN ('customsDuty', 'additionalCustomsDuty', 'regulatoryDuty', 'freight', 'insurance', 'clearing', 'lcCharges', 'other',
                                     'importSalesTax', 'additionalSalesTax', 'incomeTaxAtImport')),
  description text NOT NULL DEFAULT '',
  vendor_id integer REFERENCES vendors (id),
  account_id integer REFERENCES accounts (id),
  bill_number text NOT NULL DEFAULT '',
  amount numeric(18, 2) NOT NULL CHECK (amount <> 0),
  currency text NOT NULL,
  exchange_rate numeric(18, 6) NOT NULL CHECK (exchange_rate > 0),
  company_amount numeric(18, 2) NOT NULL,
  split_method text CHECK (split_method IN ('value', 'quantity', 'weight', 'manual')),
  allocations jsonb NOT NULL DEFAULT '[]',
  CONSTRAINT import_shipment_charges_import_shipment_id_line_no_key UNIQUE (import_shipment_id, line_no),
  CONSTRAINT import_shipment_charges_one_party_check CHECK ((vendor_id IS NULL) <> (account_id IS NULL))
);
CREATE INDEX import_shipment_charges_vendor_idx ON import_shipment_charges (vendor_id) WHERE vendor_id IS NOT NULL;

ALTER TABLE import_shipments ADD CHECK (status IN ('draft', 'posted', 'cancelled'));
CREATE TRIGGER import_shipments_keep_unless_editable BEFORE UPDATE OR DELETE ON import_shipments
  FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable('draft', '', '', 'status,updated_at,posted_at,posted_by,cancelled_at,cancelled_by,to_inventory,to_cost_of_sales,move_mark');
CREATE TRIGGER import_shipment_charges_keep_unless_editable BEFORE INSERT OR UPDATE OR DELETE ON import_shipment_charges
  FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable('draft', 'import_shipments', 'import_shipment_id');

-- What a vendor's charge has been paid: a posted charge's bill, apart from its (frozen) line. One
-- row per vendor charge of a posted shipment, written by the post; payments allocate to it.
CREATE TABLE import_charge_balances (
  id integer PRIMARY KEY REFERENCES import_shipment_charges (id) ON DELETE RESTRICT,
  amount numeric(18, 2) NOT NULL CHECK (amount > 0),
  paid_amount numeric(18, 2) NOT NULL DEFAULT 0,
  CONSTRAINT import_charge_balances_paid_check CHECK (paid_amount >= 0 AND paid_amount <= amount)
);

-- Each receipt line's share as posted, for the posted shipment's view and its cancel.
CREATE TABLE import_shipment_lines (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  import_shipment_id integer NOT NULL REFERENCES import_shipments (id) ON DELETE RESTRICT,
  line_no integer NOT NULL,
  goods_receipt_id integer NOT NULL REFERENCES goods_receipts (id),
  receipt_line_no integer NOT NULL,
  inventory_id integer NOT NULL REFERENCES inventory (id),
  quantity integer NOT NULL,
  value numeric(18, 2) NOT NULL,
  weight_kg numeric(14, 3),
  entered integer NOT NULL,
  in_stock integer NOT NULL,
  allocated numeric(18, 2) NOT NULL,
  unit_cost_before numeric(18, 2) NOT NULL,
  unit_cost_increase numeric(18, 2) NOT NULL,
  to_inventory numeric(18, 2) NOT NULL,
  to_cost_of_sales numeric(18, 2) NOT NULL,
  CONSTRAINT import_shipment_lines_key UNIQUE (import_shipment_id, line_no)
);
CREATE INDEX import_shipment_lines_receipt_idx ON import_shipment_lines (goods_receipt_id);

-- Payments allocate to a vendor's charge (issue 33: `{importShipmentChargeId, amount}`).
ALTER TABLE payment_allocations ADD COLUMN import_shipment_charge_id integer REFERENCES import_shipment_charges (id);
ALTER TABLE payment_allocations DROP CONSTRAINT payment_allocations_one_target_check;
ALTER TABLE payment_allocations ADD CONSTRAINT payment_allocations_one_target_check CHECK (num_nonnulls(goods_receipt_id, pay_slip_id, import_shipment_charge_id) = 1);
CREATE INDEX payment_allocations_import_shipment_charge_id_idx ON payment_allocations (import_shipment_charge_id) WHERE released_at IS NULL;

-- The posting account of import sales tax, made and chosen where the chart has the heads and the code is free (as 0043).
INSERT INTO accounts (account_code, account_name, head_id, sub_head_id, kind)
SELECT v.code, v.name, head.id, sub.id, 'other'
FROM (VALUES ('1155', 'Sales tax input', 'Assets', 'Receivables')) AS v(code, name, head_name, sub_name)
JOIN account_heads head ON head.head_name = v.head_name AND head.parent_id IS NULL
JOIN account_heads sub ON sub.head_name = v.sub_name AND sub.parent_id = head.id
WHERE NOT EXISTS (SELECT 1 FROM accounts a WHERE a.account_code = v.code);

INSERT INTO posting_accounts (key, account_id)
SELECT v.key, a.id
FROM (VALUES ('salesTaxInput', '1155', 'Sales tax input')) AS v(key, code, name)
JOIN accounts a ON a.account_code = v.code AND a.account_name = v.name
ON CONFLICT (key) DO NOTHING;
