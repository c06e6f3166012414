-- Purchase orders and goods receipts (issue 7, section 2), documents on the machinery of
-- 0005: an order is approved (numbered PO-, posts nothing) and received by goods receipts
-- (numbered GRN-), each posting stock in at the order's unit cost and Dr Inventory, Cr the
-- vendor's payable account.
-- References are NO ACTION, not RESTRICT: a refused delete then answers 23503, which the API
-- words as "in use by Purchase Orders" (RESTRICT answers 23001).
CREATE TABLE purchase_orders (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  document_number text,
  -- The order date.
  document_date date NOT NULL,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'approved', 'cancelled')),
  vendor_id integer NOT NULL REFERENCES vendors (id),
  -- The receiving region: its warehouse receives the goods.
  region_id integer NOT NULL REFERENCES regions (id),
  expected_date date NOT NULL,
  notes text NOT NULL DEFAULT '',
  -- The lines' quantity x unit cost, written with the draft.
  total_value numeric(18, 2) NOT NULL DEFAULT 0 CHECK (total_value >= 0),
  reverses_id integer,
  reversal_id integer,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  approved_at timestamptz,
  approved_by integer,
  cancelled_at timestamptz,
  cancelled_by integer,
  CONSTRAINT purchase_orders_document_number_key UNIQUE (document_number)
);
CREATE INDEX purchase_orders_document_date_idx ON purchase_orders (document_date DESC, id DESC);
CREATE INDEX purchase_orders_status_idx ON purchase_orders (status);
CREATE INDEX purchase_orders_vendor_id_idx ON purchase_orders (vendor_id);
CREATE INDEX purchase_orders_region_id_idx ON purchase_orders (region_id);
CREATE INDEX purchase_orders_document_number_trgm ON purchase_orders USING gin (document_number gin_trgm_ops);
CREATE INDEX purchase_orders_notes_trgm ON purchase_orders USING gin (notes gin_trgm_ops);

CREATE TABLE purchase_order_lines (
  -- Goods receipt lines name the order line they receive.
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  purchase_order_id integer NOT NULL REFERENCES purchase_orders (id) ON DELETE CASCADE,
  line_no integer NOT NULL,
  item_id integer NOT NULL REFERENCES items (id),
  quantity integer NOT NULL CHECK (quantity > 0),
  unit_cost numeric(18, 2) NOT NULL CHECK (unit_cost >= 0),
  -- What posted goods receipts brought in, kept by their post and cancel under the order's
  -- row lock; the CHECK is the last guard against receiving more than ordered.
  received_quantity integer NOT NULL DEFAULT 0,
  CONSTRAINT purchase_order_lines_received_quantity_check CHECK (received_quantity BETWEEN 0 AND quantity),
  CONSTRAINT purchase_order_lines_purchase_order_id_line_no_key UNIQUE (purchase_order_id, line_no)
);
CREATE INDEX purchase_order_lines_item_id_idx ON purchase_order_lines (item_id);

CREATE TABLE goods_receipts (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  document_number text,
  -- The receipt date: the stock movements' and ledger rows' date.
  document_date date NOT NULL,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'posted', 'cancelled')),
  purchase_order_id integer NOT NULL REFERENCES purchase_orders (id),
  notes text NOT NULL DEFAULT '',
  accept_near_expiry boolean NOT NULL DEFAULT false,
  -- The lines' quantity x the order's unit cost: written with the draft, claimed again when posted.
  total_value numeric(18, 2) NOT NULL DEFAULT 0 CHECK (total_value >= 0),
  reverses_id integer,
  reversal_id integer,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  posted_at timestamptz,
  posted_by integer,
  cancelled_at timestamptz,
  cancelled_by integer,
  CONSTRAINT goods_receipts_document_number_key UNIQUE (document_number)
);
CREATE INDEX goods_receipts_document_date_idx ON goods_receipts (document_date DESC, id DESC);
CREATE INDEX goods_receipts_status_idx ON goods_receipts (status);
CREATE INDEX goods_receipts_purchase_order_id_idx ON goods_receipts (purchase_order_id, status);
CREATE INDEX goods_receipts_document_number_trgm ON goods_receipts USING gin (document_number gin_trgm_ops);
CREATE INDEX goods_receipts_notes_trgm ON goods_receipts USING gin (notes gin_trgm_ops);

CREATE TABLE goods_receipt_lines (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  goods_receipt_id integer NOT NULL REFERENCES goods_receipts (id) ON DELETE CASCADE,
  line_no integer NOT NULL,
  purchase_order_line_id integer NOT NULL REFERENCES purchase_order_lines (id),
  -- The order line's item and unit cost, copied with the draft (the order cannot change once approved).
  item_id integer NOT NULL REFERENCES items (id),
  quantity integer NOT NULL CHECK (quantity > 0),
  -- An item not tracked by lot gets the receipt's own lot (GR<receipt id>-<order line id>).
  lot_number text NOT NULL CHECK (lot_number <> ''),
  date_expiry date,
  unit_cost numeric(18, 2) NOT NULL CHECK (unit_cost >= 0),
  -- The lot it entered, written when posted.
  inventory_id integer REFERENCES inventory (id),
  CONSTRAINT goods_receipt_lines_goods_receipt_id_line_no_key UNIQUE (goods_receipt_id, line_no)
);
CREATE INDEX goods_receipt_lines_purchase_order_line_id_idx ON goods_receipt_lines (purchase_order_line_id);
CREATE INDEX goods_receipt_lines_item_id_idx ON goods_receipt_lines (item_id);
CREATE INDEX goods_receipt_lines_inventory_id_idx ON goods_receipt_lines (inventory_id);
CREATE INDEX goods_receipt_lines_lot_number_trgm ON goods_receipt_lines USING gin (lot_number gin_trgm_ops);

CREATE TRIGGER purchase_orders_keep_unless_editable BEFORE UPDATE OR DELETE ON purchase_orders
  FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable('draft', '', '', 'status,updated_at,approved_at,approved_by,cancelled_at,cancelled_by,reversal_id');

-- The shared function keeps every column of a line of an approved order; received_quantity
-- alone is the receipts' to keep after approval, so an UPDATE changing nothing else does not
-- call it (WHEN), and everything else (other columns, INSERT, DELETE) is guarded as usual.
CREATE TRIGGER purchase_order_lines_keep_unless_editable BEFORE INSERT OR DELETE ON purchase_order_lines
  FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable('draft', 'purchase_orders', 'purchase_order_id');
CREATE TRIGGER purchase_order_lines_keep_unless_editable_update BEFORE UPDATE ON purchase_order_lines
  FOR EACH ROW WHEN ((to_jsonb(NEW) - 'received_quantity') IS DISTINCT FROM (to_jsonb(OLD) - 'received_quantity'))
  EXECUTE FUNCTION document_keep_unless_editable('draft', 'purchase_orders', 'purchase_order_id');

CREATE TRIGGER goods_receipts_keep_unless_editable BEFORE UPDATE OR DELETE ON goods_receipts
  FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable('draft', '', '', 'status,updated_at,posted_at,posted_by,cancelled_at,cancelled_by,reversal_id');

CREATE TRIGGER goods_receipt_lines_keep_unless_editable BEFORE INSERT OR UPDATE OR DELETE ON goods_receipt_lines
  FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable('draft', 'goods_receipts', 'goods_receipt_id');
