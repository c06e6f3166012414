-- Joint ventures (issue 21, section 3): ventures, their share versions, settlements; the
-- foreign keys of the ledger's venture stamp; journal lines that name a venture; and the one
-- set-based lookup postings stamp their lines with.

CREATE TABLE joint_ventures (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- JVN-YYYY-NNNNNN, given when activated.
  document_number text,
  -- The start date.
  document_date date NOT NULL,
  status text NOT NULL DEFAULT 'draft',
  venture_name text NOT NULL,
  partner_type text NOT NULL CHECK (partner_type IN ('vendor', 'customer')),
  partner_id integer NOT NULL,
  -- Scope: a line is in scope when it matches every kind listed (an empty list: any).
  customer_ids integer[] NOT NULL DEFAULT '{}',
  item_ids integer[] NOT NULL DEFAULT '{}',
  category_ids integer[] NOT NULL DEFAULT '{}',
  region_ids integer[] NOT NULL DEFAULT '{}',
  rental_agreement_ids integer[] NOT NULL DEFAULT '{}',
  end_date date,
  basis text NOT NULL CHECK (basis IN ('revenue', 'grossMargin', 'netProfit')),
  fee_percent numeric(7, 4) NOT NULL DEFAULT 0 CHECK (fee_percent BETWEEN 0 AND 100),
  loss_rule text NOT NULL CHECK (loss_rule IN ('share', 'carryForward')),
  notes text NOT NULL DEFAULT '',
  -- Set when activated: the partner's payable (a vendor's own account) and capital accounts.
  payable_account_id integer REFERENCES accounts (id),
  capital_account_id integer REFERENCES accounts (id),
  reverses_id integer,
  reversal_id integer,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  posted_at timestamptz,
  posted_by integer,
  cancelled_at timestamptz,
  cancelled_by integer,
  activated_at timestamptz,
  activated_by integer,
  closed_at timestamptz,
  closed_by integer,
  CONSTRAINT joint_ventures_document_number_key UNIQUE (document_number),
  CONSTRAINT joint_ventures_dates_check CHECK (end_date IS NULL OR end_date >= document_date)
);
CREATE INDEX joint_ventures_active_idx ON joint_ventures (id) WHERE status = 'active';

CREATE TABLE joint_venture_shares (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  joint_venture_id integer NOT NULL REFERENCES joint_ventures (id) ON DELETE CASCADE,
  line_no integer NOT NULL,
  effective_from date NOT NULL,
  partner_percent numeric(7, 4) NOT NULL CHECK (partner_percent BETWEEN 0 AND 100),
  CONSTRAINT joint_venture_shares_line_key UNIQUE (joint_venture_id, line_no),
  CONSTRAINT joint_venture_shares_date_key UNIQUE (joint_venture_id, effective_from)
);

ALTER TABLE joint_ventures ADD CHECK (status IN ('draft', 'active', 'closed'));
CREATE TRIGGER joint_ventures_keep_unless_editable BEFORE UPDATE OR DELETE ON joint_ventures
  FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable('draft', '', '', 'status,updated_at,activated_at,activated_by,closed_at,closed_by,document_number,payable_account_id,capital_account_id');
CREATE TRIGGER joint_venture_shares_keep_unless_editable BEFORE INSERT OR UPDATE OR DELETE ON joint_venture_shares
  FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable('draft', 'joint_ventures', 'joint_venture_id');

CREATE TABLE jv_settlements (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  document_number text,
  -- The period's last day (`to`): the posting's date.
  document_date date NOT NULL,
  status text NOT NULL DEFAULT 'draft',
  joint_venture_id integer NOT NULL REFERENCES joint_ventures (id),
  period_from date NOT NULL,
  -- Kept when posted: the statement as settled, its hash, the share posted and any loss carried.
  profit numeric(18, 2),
  partner_share numeric(18, 2),
  carried_loss numeric(18, 2),
  statement jsonb,
  statement_hash text,
  reverses_id integer,
  reversal_id integer,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  posted_at timestamptz,
  posted_by integer,
  cancelled_at timestamptz,
  cancelled_by integer,
  CONSTRAINT jv_settlements_document_number_key UNIQUE (document_number),
  CONSTRAINT jv_settlements_period_check CHECK (period_from <= document_date),
  -- One settlement per period: two posted ones of a venture may not overlap, even at the same instant.
  CONSTRAINT jv_settlements_no_overlap EXCLUDE USING gist (
    joint_venture_id WITH =, daterange(period_from, document_date, '[]') WITH &&) WHERE (status = 'posted')
);
CREATE INDEX jv_settlements_venture_idx ON jv_settlements (joint_venture_id, document_date);
ALTER TABLE jv_settlements ADD CHECK (status IN ('draft', 'posted', 'cancelled'));
CREATE TRIGGER jv_settlements_keep_unless_editable BEFORE UPDATE OR DELETE ON jv_settlements
  FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable('draft', '', '', 'status,updated_at,posted_at,posted_by,cancelled_at,cancelled_by,document_number,profit,partner_share,carried_loss,statement,statement_hash');

-- A journal line may name the venture and the rental agreement it belongs to.
ALTER TABLE journal_lines
  ADD COLUMN joint_venture_id integer REFERENCES joint_ventures (id),
  ADD COLUMN rental_agreement_id integer;

-- The stamps' foreign keys (PRODUCT.md, principle 8). The column was empty until now.
ALTER TABLE gl_entries ADD CONSTRAINT gl_entries_joint_venture_fk FOREIGN KEY (joint_venture_id) REFERENCES joint_ventures (id);

-- Per venture, account and day: debits and credits of the stamped rows, kept by a trigger on
-- every insert into gl_entries like account_daily_totals (derived: backups skip it, a restore
-- rebuilds it). A statement sums days, not rows; a posting without stamped rows adds nothing.
CREATE TABLE jv_daily_totals (
  joint_venture_id integer NOT NULL,
  entry_date date NOT NULL,
  account_id integer NOT NULL,
  debit numeric NOT NULL DEFAULT 0,
  credit numeric NOT NULL DEFAULT 0,
  PRIMARY KEY (joint_venture_id, entry_date, account_id)
) WITH (fillfactor = 80);

CREATE FUNCTION gl_entries_add_jv_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Sorted, so two postings lock the day rows they share in one order and never deadlock.
  INSERT INTO jv_daily_totals AS t (joint_venture_id, entry_date, account_id, debit, credit)
    SELECT joint_venture_id, entry_date, account_id, sum(debit), sum(credit)
    FROM new_entries WHERE joint_venture_id IS NOT NULL
    GROUP BY joint_venture_id, entry_date, account_id ORDER BY joint_venture_id, entry_date, account_id
  ON CONFLICT (joint_venture_id, entry_date, account_id) DO UPDATE
    SET debit = t.debit + excluded.debit, credit = t.credit + excluded.credit;
  RETURN NULL;
END;
$$;

CREATE TRIGGER gl_entries_jv_totals AFTER INSERT ON gl_entries
  REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION gl_entries_add_jv_totals();

INSERT INTO jv_daily_totals (joint_venture_id, entry_date, account_id, debit, credit)
  SELECT joint_venture_id, entry_date, account_id, sum(debit), sum(credit) FROM gl_entries
  WHERE joint_venture_id IS NOT NULL GROUP BY 1, 2, 3;

-- Rows posted after a settlement (frozen periods, prior-period adjustments): by venture and time of posting.
CREATE INDEX gl_entries_joint_venture_created_idx ON gl_entries (joint_venture_id, created_at) INCLUDE (entry_date, account_id, debit, credit)
  WHERE joint_venture_id IS NOT NULL;

-- The venture a posting's lines are stamped with, one per item given (aligned with
-- `items`, an empty array answering one). The order (issue 21): what the document or line sets
-- wins (the caller keeps it); else the rental agreement's own venture; else the active venture
-- whose every kind of scope rule the line meets on `on_date` (rental agreements included);
-- else null. One call per posting, set-based; the few active ventures are read once.
-- plpgsql, not sql: its plans are cached per connection, and a posting with no active venture
-- and no agreement returns after one indexed probe (invoices/s, issue 21 section 5).
CREATE FUNCTION joint_ventures_in_scope(on_date date, customer integer, region integer, items integer[], agreement integer)
RETURNS integer[] LANGUAGE plpgsql STABLE AS $$
DECLARE
  n integer := greatest(cardinality(items), 1);
  own integer;
BEGIN
  IF agreement IS NOT NULL THEN
    SELECT joint_venture_id INTO own FROM rental_agreements WHERE id = agreement;
    IF own IS NOT NULL THEN RETURN array_fill(own, ARRAY[n]); END IF;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM joint_ventures WHERE status = 'active') THEN RETURN array_fill(NULL::int, ARRAY[n]); END IF;
  RETURN (
    WITH active AS (
      SELECT id, customer_ids, item_ids, category_ids, region_ids, rental_agreement_ids FROM joint_ventures
      WHERE status = 'active' AND document_date <= on_date AND (end_date IS NULL OR end_date >= on_date)
    ), lines AS (
      SELECT x.item, x.ord FROM unnest(CASE WHEN cardinality(items) = 0 THEN ARRAY[NULL::int] ELSE items END) WITH ORDINALITY AS x(item, ord)
    )
    SELECT array_agg((
      SELECT v.id FROM active v
      WHERE (cardinality(v.customer_ids) = 0 OR customer = ANY(v.customer_ids))
        AND (cardinality(v.region_ids) = 0 OR region = ANY(v.region_ids))
        AND (cardinality(v.rental_agreement_ids) = 0 OR agreement = ANY(v.rental_agreement_ids))
        AND ((cardinality(v.item_ids) = 0 AND cardinality(v.category_ids) = 0)
             OR l.item = ANY(v.item_ids)
             OR (cardinality(v.category_ids) > 0 AND EXISTS (SELECT 1 FROM items it WHERE it.id = l.item AND it.category_id = ANY(v.category_ids))))
      ORDER BY v.id LIMIT 1) ORDER BY l.ord) FROM lines l
  );
END;
$$;

-- The venture of each rental agreement given (aligned), as its postings are stamped: its own,
-- else the scope rules on its customer and region. One call per posting (journal lines naming
-- an agreement but no venture).
CREATE FUNCTION rental_agreement_ventures(on_date date, agreements integer[])
RETURNS integer[] LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg((
    SELECT (joint_ventures_in_scope(on_date, ra.customer_id, ra.region_id, '{}', ra.id))[1] FROM rental_agreements ra WHERE ra.id = x.agreement
  ) ORDER BY x.ord), '{}') FROM unnest(agreements) WITH ORDINALITY AS x(agreement, ord)
$$;

-- The rental agreements' stamps get their foreign keys (0027 left them to this migration).
ALTER TABLE gl_entries ADD CONSTRAINT gl_entries_rental_agreement_fk FOREIGN KEY (rental_agreement_id) REFERENCES rental_agreements (id);
ALTER TABLE journal_lines ADD CONSTRAINT journal_lines_rental_agreement_fk FOREIGN KEY (rental_agreement_id) REFERENCES rental_agreements (id);
ALTER TABLE rental_agreements ADD CONSTRAINT rental_agreements_joint_venture_id_fkey FOREIGN KEY (joint_venture_id) REFERENCES joint_ventures (id);
ALTER TABLE assets ADD CONSTRAINT assets_joint_venture_fk FOREIGN KEY (joint_venture_id) REFERENCES joint_ventures (id);

-- The posting keys of the area on a chart made before it (a new chart gets them from the domain).
INSERT INTO accounts (account_code, account_name, head_id, sub_head_id, kind)
SELECT n.code, n.name, head.id, sub.id, n.kind
FROM (VALUES
  ('6950', 'Joint venture profit share', 'Expenses', 'Operating expenses', 'expense'),
  ('3200', 'Joint venture partners'' capital', 'Equity', 'Capital', 'equity')
) AS n (code, name, head_name, sub_name, kind)
JOIN account_heads head ON head.head_name = n.head_name AND head.parent_id IS NULL
JOIN account_heads sub ON sub.head_name = n.sub_name AND sub.parent_id = head.id
WHERE NOT EXISTS (SELECT 1 FROM accounts a WHERE a.account_code = n.code);
INSERT INTO posting_accounts (key, account_id)
SELECT k.key, a.id FROM (VALUES ('jvProfitShare', '6950'), ('jvPartnerCapital', '3200')) AS k (key, code)
JOIN accounts a ON a.account_code = k.code
ON CONFLICT (key) DO NOTHING;

-- Partners' capital accounts are numbered after their control account, like customers' and vendors'.
CREATE SEQUENCE capital_account_numbers;
