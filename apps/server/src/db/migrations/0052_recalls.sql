-- Issue 31, section 2: recalls. A recall names lots (item and lot number) and, once open, holds
-- every inventory row of them `recalled` (inventory's lot status, 0051); what happened to each
-- unit is read from the stock ledger and the posted documents, and what only the recall knows
-- (notices sent and acknowledged, disposals) is kept here.

CREATE TABLE recalls (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  document_number text,
  document_date date NOT NULL,
  status text NOT NULL DEFAULT 'draft',
  recall_class text NOT NULL CHECK (recall_class IN ('I', 'II', 'III')),
  source text NOT NULL DEFAULT 'drapAlert' CHECK (source IN ('drapAlert', 'manufacturerNotice', 'internal')),
  source_reference text NOT NULL DEFAULT '',
  source_date date,
  reason text NOT NULL,
  instructions text NOT NULL DEFAULT '',
  notes text NOT NULL DEFAULT '',
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- Written by the open transition (no stamp of the machinery is named so).
  opened_at timestamptz,
  opened_by integer,
  report_due_date date,
  closed_at timestamptz,
  closed_by integer,
  closing_notes text NOT NULL DEFAULT '',
  -- The report as it stood when the recall closed: closing freezes it.
  report jsonb,
  cancelled_at timestamptz,
  cancelled_by integer,
  CONSTRAINT recalls_document_number_key UNIQUE (document_number)
);
CREATE INDEX recalls_document_date_idx ON recalls (document_date DESC, id DESC);
CREATE INDEX recalls_status_idx ON recalls (status);
CREATE INDEX recalls_document_number_trgm ON recalls USING gin (document_number gin_trgm_ops);

CREATE TABLE recall_lines (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  recall_id integer NOT NULL REFERENCES recalls (id) ON DELETE CASCADE,
  line_no integer NOT NULL,
  item_id integer NOT NULL REFERENCES items (id) ON DELETE RESTRICT,
  lot_number text NOT NULL,
  CONSTRAINT recall_lines_recall_id_line_no_key UNIQUE (recall_id, line_no),
  CONSTRAINT recall_lines_lot_once UNIQUE (recall_id, item_id, lot_number)
);
-- A lot's recalls: "is it under an open recall?" (a new recall, a goods receipt).
CREATE INDEX recall_lines_lot_idx ON recall_lines (item_id, lot_number);

ALTER TABLE recalls ADD CHECK (status IN ('draft', 'open', 'closed', 'cancelled'));
CREATE TRIGGER recalls_keep_unless_editable BEFORE UPDATE OR DELETE ON recalls
  FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable('draft', '', '', 'status,updated_at,closed_at,closed_by,cancelled_at,cancelled_by,opened_at,opened_by,report_due_date,closing_notes,report');
CREATE TRIGGER recall_lines_keep_unless_editable BEFORE INSERT OR UPDATE OR DELETE ON recall_lines
  FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable('draft', 'recalls', 'recall_id');

-- One row per customer told of the recall: when the letter went, how, and when it came back signed.
CREATE TABLE recall_notices (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  recall_id integer NOT NULL REFERENCES recalls (id) ON DELETE RESTRICT,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE RESTRICT,
  sent_on date,
  sent_via text CHECK (sent_via IN ('courier', 'email', 'hand', 'phone')),
  sent_by integer,
  acknowledged_on date,
  acknowledged_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT recall_notices_recall_customer_key UNIQUE (recall_id, customer_id),
  CONSTRAINT recall_notices_sent_check CHECK ((sent_on IS NULL) = (sent_via IS NULL))
);
CREATE INDEX recall_notices_customer_idx ON recall_notices (customer_id);

-- Recalled units destroyed or returned to the supplier: each a posted stock adjustment of reason
-- recallDisposal (its SA number), kept as recorded.
CREATE TABLE recall_disposals (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  recall_id integer NOT NULL REFERENCES recalls (id) ON DELETE RESTRICT,
  kind text NOT NULL CHECK (kind IN ('destroyed', 'returnedToSupplier')),
  disposal_date date NOT NULL,
  method text NOT NULL DEFAULT '',
  witness text NOT NULL DEFAULT '',
  certificate_number text NOT NULL DEFAULT '',
  notes text NOT NULL DEFAULT '',
  adjustment_id integer NOT NULL REFERENCES stock_adjustments (id) ON DELETE RESTRICT,
  document_number text NOT NULL,
  total_value numeric(18, 2) NOT NULL DEFAULT 0,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT recall_disposals_adjustment_key UNIQUE (adjustment_id)
);
CREATE INDEX recall_disposals_recall_idx ON recall_disposals (recall_id, id);

CREATE TABLE recall_disposal_lines (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  disposal_id integer NOT NULL REFERENCES recall_disposals (id) ON DELETE CASCADE,
  line_no integer NOT NULL,
  inventory_id integer NOT NULL REFERENCES inventory (id) ON DELETE RESTRICT,
  quantity integer NOT NULL CHECK (quantity > 0),
  unit_cost numeric(18, 2) NOT NULL,
  value numeric(18, 2) NOT NULL,
  CONSTRAINT recall_disposal_lines_disposal_line_key UNIQUE (disposal_id, line_no)
);
CREATE INDEX recall_disposal_lines_inventory_idx ON recall_disposal_lines (inventory_id);

-- A disposal is kept as recorded: the adjustment it posted is the ledger's, and its rows never change.
CREATE FUNCTION recall_disposals_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'A recall disposal is kept as recorded (%)', TG_TABLE_NAME USING ERRCODE = 'P0001';
END;
$$;
CREATE TRIGGER recall_disposals_keep BEFORE UPDATE OR DELETE ON recall_disposals
  FOR EACH ROW EXECUTE FUNCTION recall_disposals_keep();
CREATE TRIGGER recall_disposal_lines_keep BEFORE UPDATE OR DELETE ON recall_disposal_lines
  FOR EACH ROW EXECUTE FUNCTION recall_disposals_keep();
