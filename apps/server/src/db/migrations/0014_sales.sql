-- Sales (issue 8, sections 2 to 5): quotations, invoices, sales returns and the monthly sales
-- summary, documents on the machinery of 0005. References are NO ACTION (23503: "in use by").

-- Quotations: numbered (QT-) when sent; accepting one makes a draft invoice and links both.
-- "Expired" is computed from valid_until, never stored.
CREATE TABLE quotations (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  document_number text,
  -- The quotation date.
  document_date date NOT NULL,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'sent', 'accepted', 'rejected')),
  customer_id integer NOT NULL REFERENCES customers (id),
  -- The customer's region when written: the row scope (permissions.regions) and the invoice's region.
  region_id integer NOT NULL REFERENCES regions (id),
  valid_until date NOT NULL,
  terms text NOT NULL DEFAULT '',
  -- Lines' amounts (after discount), the tax at the settings' rate when written, their sum.
  subtotal numeric(18, 2) NOT NULL DEFAULT 0 CHECK (subtotal >= 0),
  tax_rate numeric(5, 2) NOT NULL DEFAULT 0 CHECK (tax_rate BETWEEN 0 AND 100),
  tax_amount numeric(18, 2) NOT NULL DEFAULT 0 CHECK (tax_amount >= 0),
  grand_total numeric(18, 2) NOT NULL DEFAULT 0 CHECK (grand_total >= 0),
  -- The draft invoice accepting it made (FK below, once invoices exist).
  invoice_id integer,
  reverses_id integer,
  reversal_id integer,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  posted_at timestamptz,
  posted_by integer,
  cancelled_at timestamptz,
  cancelled_by integer,
  sent_at timestamptz,
  sent_by integer,
  accepted_at timestamptz,
  accepted_by integer,
  rejected_at timestamptz,
  rejected_by integer,
  CONSTRAINT quotations_document_number_key UNIQUE (document_number),
  CONSTRAINT quotations_valid_until_check CHECK (valid_until >= document_date)
);
CREATE INDEX quotations_document_date_idx ON quotations (document_date DESC, id DESC);
CREATE INDEX quotations_status_idx ON quotations (status);
CREATE INDEX quotations_customer_id_idx ON quotations (customer_id);
CREATE INDEX quotations_region_id_idx ON quotations (region_id);
CREATE INDEX quotations_document_number_trgm ON quotations USING gin (document_number gin_trgm_ops);
CREATE INDEX quotations_terms_trgm ON quotations USING gin (terms gin_trgm_ops);

CREATE TABLE quotation_lines (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  quotation_id integer NOT NULL REFERENCES quotations (id) ON DELETE CASCADE,
  line_no integer NOT NULL,
  item_id integer NOT NULL REFERENCES items (id),
  quantity integer NOT NULL CHECK (quantity > 0),
  price numeric(18, 2) NOT NULL CHECK (price >= 0),
  discount_percent numeric(5, 2) NOT NULL DEFAULT 0 CHECK (discount_percent BETWEEN 0 AND 100),
  -- quantity x price less the discount, and its tax, rounded half-up to the cent.
  amount numeric(18, 2) NOT NULL CHECK (amount >= 0),
  tax_amount numeric(18, 2) NOT NULL DEFAULT 0 CHECK (tax_amount >= 0),
  CONSTRAINT quotation_lines_quotation_id_line_no_key UNIQUE (quotation_id, line_no)
);
CREATE INDEX quotation_lines_item_id_idx ON quotation_lines (item_id);

-- Invoices: posted (INV-) moves stock out of the lines' lots and posts Dr receivable, Cr Sales,
-- Cr Tax payable, Dr Cost of sales, Cr Inventory. Paid / partly paid is computed from
-- allocated_amount (receipts, issue 9) and returned_amount (posted sales returns).
CREATE TABLE invoices (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  document_number text,
  -- The invoice date.
  document_date date NOT NULL,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'posted', 'cancelled')),
  customer_id integer NOT NULL REFERENCES customers (id),
  -- The selling region: its warehouse's lots are sold, and the ledger rows carry it.
  region_id integer NOT NULL REFERENCES regions (id),
  due_date date NOT NULL,
  courier_id integer REFERENCES couriers (id),
  -- The customer's salesperson when written; no foreign key: history outlives a deleted user.
  salesperson_id integer,
  quotation_id integer REFERENCES quotations (id),
  notes text NOT NULL DEFAULT '',
  subtotal numeric(18, 2) NOT NULL DEFAULT 0 CHECK (subtotal >= 0),
  tax_rate numeric(5, 2) NOT NULL DEFAULT 0 CHECK (tax_rate BETWEEN 0 AND 100),
  tax_amount numeric(18, 2) NOT NULL DEFAULT 0 CHECK (tax_amount >= 0),
  grand_total numeric(18, 2) NOT NULL DEFAULT 0 CHECK (grand_total >= 0),
  -- The lots' cost of what was sold, written when posted.
  cost_total numeric(18, 2) NOT NULL DEFAULT 0 CHECK (cost_total >= 0),
  -- Receipts allocated to it (issue 9) and posted returns' credit, each under the invoice's row
  -- lock, each at most the total. Together they may pass it: goods paid in full and then
  -- returned leave the customer a credit (a negative open amount), as a credit note does.
  allocated_amount numeric(18, 2) NOT NULL DEFAULT 0 CHECK (allocated_amount >= 0),
  returned_amount numeric(18, 2) NOT NULL DEFAULT 0 CHECK (returned_amount >= 0),
  reverses_id integer,
  reversal_id integer,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  posted_at timestamptz,
  posted_by integer,
  cancelled_at timestamptz,
  cancelled_by integer,
  CONSTRAINT invoices_document_number_key UNIQUE (document_number),
  CONSTRAINT invoices_settled_check CHECK (allocated_amount <= grand_total AND returned_amount <= grand_total),
  CONSTRAINT invoices_due_date_check CHECK (due_date >= document_date)
);
CREATE INDEX invoices_document_date_idx ON invoices (document_date DESC, id DESC);
CREATE INDEX invoices_status_idx ON invoices (status);
CREATE INDEX invoices_customer_id_idx ON invoices (customer_id, document_date);
CREATE INDEX invoices_region_id_idx ON invoices (region_id, document_date);
CREATE INDEX invoices_salesperson_id_idx ON invoices (salesperson_id, document_date) WHERE salesperson_id IS NOT NULL;
CREATE INDEX invoices_courier_id_idx ON invoices (courier_id) WHERE courier_id IS NOT NULL;
CREATE INDEX invoices_quotation_id_idx ON invoices (quotation_id) WHERE quotation_id IS NOT NULL;
-- Open posted invoices by due date: the customer's overdue amount, aging (issue 9).
CREATE INDEX invoices_open_idx ON invoices (customer_id, due_date) WHERE status = 'posted' AND allocated_amount + returned_amount < grand_total;
CREATE INDEX invoices_document_number_trgm ON invoices USING gin (document_number gin_trgm_ops);
CREATE INDEX invoices_notes_trgm ON invoices USING gin (notes gin_trgm_ops);

-- Deferred: the two documents name each other, so a restore (one table after the other) checks it
-- at commit. A draft invoice deleted leaves its quotation accepted without an invoice (SET NULL).
ALTER TABLE quotations ADD CONSTRAINT quotations_invoice_id_fkey FOREIGN KEY (invoice_id) REFERENCES invoices (id)
  ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;
CREATE INDEX quotations_invoice_id_idx ON quotations (invoice_id) WHERE invoice_id IS NOT NULL;

CREATE TABLE invoice_lines (
  -- Sales return lines name the invoice line they return.
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  invoice_id integer NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
  line_no integer NOT NULL,
  item_id integer NOT NULL REFERENCES items (id),
  -- The lot sold from: chosen, or filled first-expiry-first-out when the draft is saved.
  inventory_id integer NOT NULL REFERENCES inventory (id),
  quantity integer NOT NULL CHECK (quantity > 0),
  price numeric(18, 2) NOT NULL CHECK (price >= 0),
  discount_percent numeric(5, 2) NOT NULL DEFAULT 0 CHECK (discount_percent BETWEEN 0 AND 100),
  amount numeric(18, 2) NOT NULL CHECK (amount >= 0),
  tax_amount numeric(18, 2) NOT NULL DEFAULT 0 CHECK (tax_amount >= 0),
  -- The lot's cost (specific identification).
  unit_cost numeric(18, 2) NOT NULL DEFAULT 0 CHECK (unit_cost >= 0),
  -- What posted returns took back, kept by their post and cancel under the invoice's row lock;
  -- the CHECK is the last guard against returning more than sold.
  returned_quantity integer NOT NULL DEFAULT 0,
  CONSTRAINT invoice_lines_returned_quantity_check CHECK (returned_quantity BETWEEN 0 AND quantity),
  CONSTRAINT invoice_lines_invoice_id_line_no_key UNIQUE (invoice_id, line_no)
);
CREATE INDEX invoice_lines_item_id_idx ON invoice_lines (item_id);
CREATE INDEX invoice_lines_inventory_id_idx ON invoice_lines (inventory_id);

-- Sales returns (credit notes, SR-): against a posted invoice, per invoice line a quantity and
-- a condition (restock into the same lot, or write off).
CREATE TABLE sales_returns (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  document_number text,
  -- The return date.
  document_date date NOT NULL,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'posted', 'cancelled')),
  invoice_id integer NOT NULL REFERENCES invoices (id),
  -- The invoice's, copied: the row scope and the ledger rows' stamps.
  customer_id integer NOT NULL REFERENCES customers (id),
  region_id integer NOT NULL REFERENCES regions (id),
  notes text NOT NULL DEFAULT '',
  subtotal numeric(18, 2) NOT NULL DEFAULT 0 CHECK (subtotal >= 0),
  tax_amount numeric(18, 2) NOT NULL DEFAULT 0 CHECK (tax_amount >= 0),
  grand_total numeric(18, 2) NOT NULL DEFAULT 0 CHECK (grand_total >= 0),
  cost_total numeric(18, 2) NOT NULL DEFAULT 0 CHECK (cost_total >= 0),
  reverses_id integer,
  reversal_id integer,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  posted_at timestamptz,
  posted_by integer,
  cancelled_at timestamptz,
  cancelled_by integer,
  CONSTRAINT sales_returns_document_number_key UNIQUE (document_number)
);
CREATE INDEX sales_returns_document_date_idx ON sales_returns (document_date DESC, id DESC);
CREATE INDEX sales_returns_status_idx ON sales_returns (status);
CREATE INDEX sales_returns_invoice_id_idx ON sales_returns (invoice_id, status);
CREATE INDEX sales_returns_customer_id_idx ON sales_returns (customer_id);
CREATE INDEX sales_returns_region_id_idx ON sales_returns (region_id);
CREATE INDEX sales_returns_document_number_trgm ON sales_returns USING gin (document_number gin_trgm_ops);
CREATE INDEX sales_returns_notes_trgm ON sales_returns USING gin (notes gin_trgm_ops);

CREATE TABLE sales_return_lines (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  sales_return_id integer NOT NULL REFERENCES sales_returns (id) ON DELETE CASCADE,
  line_no integer NOT NULL,
  invoice_line_id integer NOT NULL REFERENCES invoice_lines (id),
  -- The invoice line's item and lot, copied with the draft (a posted invoice does not change).
  item_id integer NOT NULL REFERENCES items (id),
  inventory_id integer NOT NULL REFERENCES inventory (id),
  quantity integer NOT NULL CHECK (quantity > 0),
  condition text NOT NULL CHECK (condition IN ('restock', 'writeOff')),
  -- The invoice line's amount and tax for this quantity, and the lot's cost.
  amount numeric(18, 2) NOT NULL DEFAULT 0 CHECK (amount >= 0),
  tax_amount numeric(18, 2) NOT NULL DEFAULT 0 CHECK (tax_amount >= 0),
  unit_cost numeric(18, 2) NOT NULL DEFAULT 0 CHECK (unit_cost >= 0),
  CONSTRAINT sales_return_lines_sales_return_id_line_no_key UNIQUE (sales_return_id, line_no)
);
CREATE INDEX sales_return_lines_invoice_line_id_idx ON sales_return_lines (invoice_line_id);
CREATE INDEX sales_return_lines_item_id_idx ON sales_return_lines (item_id);

-- The monthly sales summary (PRODUCT.md, principle 8): per month, item, region, customer and
-- salesperson, what posted invoices sold less what posted returns took back (each in its own
-- month), kept by the postings and their cancellations in the same transaction. Sales reports,
-- plan progress, order generation and the dashboard read it instead of the invoice lines.
CREATE TABLE sales_summary (
  -- The first day of the month.
  month date NOT NULL CHECK (extract(day FROM month) = 1),
  item_id integer NOT NULL REFERENCES items (id),
  region_id integer NOT NULL REFERENCES regions (id),
  customer_id integer NOT NULL REFERENCES customers (id),
  -- The invoice's salesperson; null when the customer had none.
  salesperson_id integer,
  -- Net of returns: sold less returned.
  quantity bigint NOT NULL DEFAULT 0,
  -- Amounts after discount, before tax.
  value numeric(18, 2) NOT NULL DEFAULT 0,
  cost numeric(18, 2) NOT NULL DEFAULT 0,
  returned_quantity bigint NOT NULL DEFAULT 0,
  returned_value numeric(18, 2) NOT NULL DEFAULT 0,
  CONSTRAINT sales_summary_key UNIQUE NULLS NOT DISTINCT (month, item_id, region_id, customer_id, salesperson_id)
);
CREATE INDEX sales_summary_item_idx ON sales_summary (item_id, month);
CREATE INDEX sales_summary_customer_idx ON sales_summary (customer_id, month);
CREATE INDEX sales_summary_region_idx ON sales_summary (region_id, month);
CREATE INDEX sales_summary_salesperson_idx ON sales_summary (salesperson_id, month);

CREATE TRIGGER quotations_keep_unless_editable BEFORE UPDATE OR DELETE ON quotations
  FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable('draft', '', '', 'status,updated_at,sent_at,sent_by,accepted_at,accepted_by,rejected_at,rejected_by,invoice_id');
CREATE TRIGGER quotation_lines_keep_unless_editable BEFORE INSERT OR UPDATE OR DELETE ON quotation_lines
  FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable('draft', 'quotations', 'quotation_id');

CREATE TRIGGER invoices_keep_unless_editable BEFORE UPDATE OR DELETE ON invoices
  FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable('draft', '', '', 'status,updated_at,posted_at,posted_by,cancelled_at,cancelled_by,reversal_id,cost_total,allocated_amount,returned_amount');
-- Like purchase order lines: returned_quantity alone may
-- change once posted; every other change is guarded as usual.
CREATE TRIGGER invoice_lines_keep_unless_editable BEFORE INSERT OR DELETE ON invoice_lines
  FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable('draft', 'invoices', 'invoice_id');
CREATE TRIGGER invoice_lines_keep_unless_editable_update BEFORE UPDATE ON invoice_lines
  FOR EACH ROW WHEN ((to_jsonb(NEW) - 'returned_quantity') IS DISTINCT FROM (to_jsonb(OLD) - 'returned_quantity'))
  EXECUTE FUNCTION document_keep_unless_editable('draft', 'invoices', 'invoice_id');

CREATE TRIGGER sales_returns_keep_unless_editable BEFORE UPDATE OR DELETE ON sales_returns
  FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable('draft', '', '', 'status,updated_at,posted_at,posted_by,cancelled_at,cancelled_by,reversal_id,cost_total');
CREATE TRIGGER sales_return_lines_keep_unless_editable BEFORE INSERT OR UPDATE OR DELETE ON sales_return_lines
  FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable('draft', 'sales_returns', 'sales_return_id');
