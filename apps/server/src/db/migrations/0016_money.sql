-- Money in and out (issue 9, sections 1 to 4): receipts and payments with their allocations,
-- the cheque register, employees (payees and custodians), and goods receipts' paid amount.

-- Employees: the HR module's people, here as payees and asset custodians. Each region's staff.
CREATE TABLE employees (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  employee_name text NOT NULL,
  designation text NOT NULL DEFAULT '',
  region_id integer REFERENCES regions (id) ON DELETE RESTRICT,
  phone text,
  email text,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX employees_region_id_idx ON employees (region_id);
CREATE INDEX employees_employee_name_trgm ON employees USING gin (employee_name gin_trgm_ops);

CREATE TABLE receipts (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  document_number text,
  -- The receipt date.
  document_date date NOT NULL,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'posted', 'bounced', 'cancelled')),
  customer_id integer NOT NULL REFERENCES customers (id),
  -- The customer's, copied when saved: the row scope and the ledger rows' stamp.
  region_id integer NOT NULL REFERENCES regions (id),
  method text NOT NULL CHECK (method IN ('cash', 'bank', 'cheque')),
  -- The account debited: cash, a bank account, or Cheques in hand for a cheque.
  account_id integer NOT NULL REFERENCES accounts (id),
  amount numeric(18, 2) NOT NULL CHECK (amount > 0),
  -- The live allocations' sum, under the receipt's row lock; the rest is the customer's advance.
  allocated_amount numeric(18, 2) NOT NULL DEFAULT 0,
  reference text NOT NULL DEFAULT '',
  -- The cheque of a receipt by cheque, as entered; the register's row is made when posted.
  cheque_number text,
  cheque_bank text,
  cheque_date date,
  reverses_id integer,
  reversal_id integer,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  posted_at timestamptz,
  posted_by integer,
  cancelled_at timestamptz,
  cancelled_by integer,
  CONSTRAINT receipts_document_number_key UNIQUE (document_number),
  CONSTRAINT receipts_allocated_check CHECK (allocated_amount >= 0 AND allocated_amount <= amount),
  CONSTRAINT receipts_cheque_check CHECK ((method = 'cheque') = (cheque_number IS NOT NULL AND cheque_bank IS NOT NULL AND cheque_date IS NOT NULL))
);
CREATE INDEX receipts_document_date_idx ON receipts (document_date DESC, id DESC);
CREATE INDEX receipts_status_idx ON receipts (status);
CREATE INDEX receipts_customer_id_idx ON receipts (customer_id, document_date);
CREATE INDEX receipts_region_id_idx ON receipts (region_id);
-- Posted receipts with money still on account: a customer's advances.
CREATE INDEX receipts_unallocated_idx ON receipts (customer_id) WHERE status = 'posted' AND allocated_amount < amount;
CREATE INDEX receipts_document_number_trgm ON receipts USING gin (document_number gin_trgm_ops);
CREATE INDEX receipts_reference_trgm ON receipts USING gin (reference gin_trgm_ops);

-- A receipt's allocations: the draft's as entered (its lines); once posted, each one applied to
-- its invoice (invoices.allocated_amount, under the invoice's row lock). More are added to a
-- posted receipt by `allocate`; cancel and a bounced cheque release them (released_at), never
-- delete them, so what was paid when stays readable.
CREATE TABLE receipt_allocations (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  receipt_id integer NOT NULL REFERENCES receipts (id) ON DELETE CASCADE,
  line_no integer NOT NULL,
  invoice_id integer NOT NULL REFERENCES invoices (id),
  amount numeric(18, 2) NOT NULL CHECK (amount > 0),
  -- The day the allocation took effect: the receipt's date, or the day of a later `allocate`.
  allocation_date date NOT NULL,
  released_at timestamptz,
  released_reason text CHECK (released_reason IN ('cancelled', 'bounced')),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT receipt_allocations_receipt_id_line_no_key UNIQUE (receipt_id, line_no)
);
CREATE INDEX receipt_allocations_invoice_id_idx ON receipt_allocations (invoice_id) WHERE released_at IS NULL;

CREATE TABLE payments (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  document_number text,
  -- The payment date.
  document_date date NOT NULL,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'posted', 'cancelled')),
  payee_type text NOT NULL CHECK (payee_type IN ('vendor', 'employee', 'expense')),
  vendor_id integer REFERENCES vendors (id),
  employee_id integer REFERENCES employees (id),
  expense_account_id integer REFERENCES accounts (id),
  region_id integer REFERENCES regions (id),
  method text NOT NULL CHECK (method IN ('cash', 'bank', 'cheque')),
  -- The cash or bank account paid from; for a cheque, the bank account it is drawn on.
  account_id integer NOT NULL REFERENCES accounts (id),
  amount numeric(18, 2) NOT NULL CHECK (amount > 0),
  allocated_amount numeric(18, 2) NOT NULL DEFAULT 0,
  reference text NOT NULL DEFAULT '',
  cheque_number text,
  cheque_bank text,
  cheque_date date,
  reverses_id integer,
  reversal_id integer,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  posted_at timestamptz,
  posted_by integer,
  cancelled_at timestamptz,
  cancelled_by integer,
  CONSTRAINT payments_document_number_key UNIQUE (document_number),
  CONSTRAINT payments_allocated_check CHECK (allocated_amount >= 0 AND allocated_amount <= amount),
  CONSTRAINT payments_payee_check CHECK (
    (payee_type = 'vendor' AND vendor_id IS NOT NULL AND employee_id IS NULL AND expense_account_id IS NULL)
    OR (payee_type = 'employee' AND employee_id IS NOT NULL AND vendor_id IS NULL AND expense_account_id IS NULL)
    OR (payee_type = 'expense' AND expense_account_id IS NOT NULL AND vendor_id IS NULL AND employee_id IS NULL)),
  CONSTRAINT payments_cheque_check CHECK ((method = 'cheque') = (cheque_number IS NOT NULL AND cheque_bank IS NOT NULL AND cheque_date IS NOT NULL))
);
CREATE INDEX payments_document_date_idx ON payments (document_date DESC, id DESC);
CREATE INDEX payments_status_idx ON payments (status);
CREATE INDEX payments_vendor_id_idx ON payments (vendor_id, document_date) WHERE vendor_id IS NOT NULL;
CREATE INDEX payments_employee_id_idx ON payments (employee_id) WHERE employee_id IS NOT NULL;
CREATE INDEX payments_unallocated_idx ON payments (vendor_id) WHERE status = 'posted' AND allocated_amount < amount;
CREATE INDEX payments_document_number_trgm ON payments USING gin (document_number gin_trgm_ops);
CREATE INDEX payments_reference_trgm ON payments USING gin (reference gin_trgm_ops);

CREATE TABLE payment_allocations (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  payment_id integer NOT NULL REFERENCES payments (id) ON DELETE CASCADE,
  line_no integer NOT NULL,
  goods_receipt_id integer NOT NULL REFERENCES goods_receipts (id),
  amount numeric(18, 2) NOT NULL CHECK (amount > 0),
  allocation_date date NOT NULL,
  released_at timestamptz,
  released_reason text CHECK (released_reason IN ('cancelled')),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT payment_allocations_payment_id_line_no_key UNIQUE (payment_id, line_no)
);
CREATE INDEX payment_allocations_goods_receipt_id_idx ON payment_allocations (goods_receipt_id) WHERE released_at IS NULL;

-- What payments allocated to a posted goods receipt (the vendor's bill), under its row lock.
ALTER TABLE goods_receipts ADD COLUMN paid_amount numeric(18, 2) NOT NULL DEFAULT 0;
ALTER TABLE goods_receipts ADD CONSTRAINT goods_receipts_paid_check CHECK (paid_amount >= 0 AND paid_amount <= total_value);
CREATE INDEX goods_receipts_open_idx ON goods_receipts (purchase_order_id) WHERE status = 'posted' AND paid_amount < total_value;
DROP TRIGGER goods_receipts_keep_unless_editable ON goods_receipts;
CREATE TRIGGER goods_receipts_keep_unless_editable BEFORE UPDATE OR DELETE ON goods_receipts
  FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable('draft', '', '', 'status,updated_at,posted_at,posted_by,cancelled_at,cancelled_by,reversal_id,paid_amount');

-- The cheque register, both directions. A row is made by the receipt or payment that brought
-- the cheque (its number CHQ-YYYY-NNNNNN given then) and changes only through the cheque's
-- actions; its ledger rows (clear, bounce) are the cheque's own document's.
CREATE TABLE cheques (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  document_number text,
  -- The cheque's date (post-dated allowed): the register's date and due date.
  document_date date NOT NULL,
  status text NOT NULL,
  direction text NOT NULL CHECK (direction IN ('received', 'issued')),
  cheque_number text NOT NULL,
  bank text NOT NULL,
  amount numeric(18, 2) NOT NULL CHECK (amount > 0),
  party_type text CHECK (party_type IN ('customer', 'vendor', 'employee')),
  party_id integer,
  -- The payee of an expense paid by cheque (no party).
  payee_name text,
  region_id integer REFERENCES regions (id),
  receipt_id integer REFERENCES receipts (id),
  payment_id integer REFERENCES payments (id),
  -- Received: the bank account it was deposited into; issued: the bank account it is drawn on.
  bank_account_id integer REFERENCES accounts (id),
  deposit_date date,
  clear_date date,
  bounce_date date,
  bounce_reason text,
  bank_charge numeric(18, 2) CHECK (bank_charge >= 0),
  cancel_date date,
  -- The shared document columns (docs/ADDING-A-DOCUMENT.md); a cheque is recorded, never posted or reversed itself.
  reverses_id integer,
  reversal_id integer,
  posted_at timestamptz,
  posted_by integer,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deposited_at timestamptz,
  deposited_by integer,
  cleared_at timestamptz,
  cleared_by integer,
  bounced_at timestamptz,
  bounced_by integer,
  cancelled_at timestamptz,
  cancelled_by integer,
  CONSTRAINT cheques_document_number_key UNIQUE (document_number),
  CONSTRAINT cheques_source_check CHECK ((direction = 'received' AND receipt_id IS NOT NULL AND payment_id IS NULL) OR (direction = 'issued' AND payment_id IS NOT NULL AND receipt_id IS NULL)),
  CONSTRAINT cheques_status_check CHECK (
    (direction = 'received' AND status IN ('inHand', 'deposited', 'cleared', 'bounced', 'cancelled'))
    OR (direction = 'issued' AND status IN ('issued', 'cleared', 'cancelled')))
);
CREATE INDEX cheques_document_date_idx ON cheques (document_date DESC, id DESC);
CREATE INDEX cheques_status_idx ON cheques (status, document_date);
CREATE INDEX cheques_party_idx ON cheques (party_type, party_id) WHERE party_id IS NOT NULL;
CREATE UNIQUE INDEX cheques_receipt_id_key ON cheques (receipt_id) WHERE receipt_id IS NOT NULL;
CREATE UNIQUE INDEX cheques_payment_id_key ON cheques (payment_id) WHERE payment_id IS NOT NULL;
CREATE INDEX cheques_cheque_number_trgm ON cheques USING gin (cheque_number gin_trgm_ops);
CREATE INDEX cheques_bank_trgm ON cheques USING gin (bank gin_trgm_ops);

CREATE TRIGGER receipts_keep_unless_editable BEFORE UPDATE OR DELETE ON receipts
  FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable('draft', '', '', 'status,updated_at,posted_at,posted_by,cancelled_at,cancelled_by,reversal_id,allocated_amount');
CREATE TRIGGER payments_keep_unless_editable BEFORE UPDATE OR DELETE ON payments
  FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable('draft', '', '', 'status,updated_at,posted_at,posted_by,cancelled_at,cancelled_by,reversal_id,allocated_amount');
-- A cheque is never edited: only its workflow columns change, and it is never deleted.
CREATE TRIGGER cheques_keep_unless_editable BEFORE UPDATE OR DELETE ON cheques
  FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable('', '', '',
    'status,updated_at,bank_account_id,deposit_date,clear_date,bounce_date,bounce_reason,bank_charge,cancel_date,deposited_at,deposited_by,cleared_at,cleared_by,bounced_at,bounced_by,cancelled_at,cancelled_by');

-- The accounts issue 9 posts to, added to a chart made before it (a new chart gets them from
-- the default chart): Cheques issued, Bank charges, the gain or loss on disposals, and the
-- fixed-asset accounts the asset categories link to.
INSERT INTO account_heads (head_name, head_type, parent_id)
SELECT 'Other income', 'income', h.id FROM account_heads h
WHERE h.head_name = 'Income' AND h.parent_id IS NULL
  AND NOT EXISTS (SELECT 1 FROM account_heads s WHERE s.head_name = 'Other income');

INSERT INTO accounts (account_code, account_name, head_id, sub_head_id, kind)
SELECT n.code, n.name, head.id, sub.id, n.kind
FROM (VALUES
  ('1500', 'Furniture & equipment', 'Assets', 'Fixed assets', 'other'),
  ('1510', 'Vehicles', 'Assets', 'Fixed assets', 'other'),
  ('1520', 'Computers', 'Assets', 'Fixed assets', 'other'),
  ('2050', 'Cheques issued', 'Liabilities', 'Payables', 'other'),
  ('4900', 'Gain or loss on disposal of assets', 'Income', 'Other income', 'income'),
  ('6050', 'Bank charges', 'Expenses', 'Operating expenses', 'expense')
) AS n (code, name, head_name, sub_name, kind)
JOIN account_heads head ON head.head_name = n.head_name AND head.parent_id IS NULL
JOIN account_heads sub ON sub.head_name = n.sub_name AND sub.parent_id = head.id
WHERE NOT EXISTS (SELECT 1 FROM accounts a WHERE a.account_code = n.code);

INSERT INTO posting_accounts (key, account_id)
SELECT k.key, a.id FROM (VALUES ('chequesIssued', '2050'), ('assetDisposal', '4900'), ('bankCharges', '6050')) AS k (key, code)
JOIN accounts a ON a.account_code = k.code
ON CONFLICT (key) DO NOTHING;
