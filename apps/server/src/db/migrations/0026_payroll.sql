-- Issue 20, section 3: pay runs and pay slips, the ledger's department dimension, payments
-- allocated to pay slips.

-- The department a payroll line's expense belongs to (like region_id): filled by the payroll
-- journal, copied by its reversal, read by reports. No foreign key: departments are HR's
-- resource and the ledger keeps what it was given for ever.
ALTER TABLE gl_entries ADD COLUMN department_id integer;
CREATE INDEX gl_entries_department_idx ON gl_entries (department_id, entry_date) WHERE department_id IS NOT NULL;

CREATE TABLE pay_runs (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  document_number text,
  -- The month's last day: the journal's date.
  document_date date NOT NULL,
  status text NOT NULL DEFAULT 'draft',
  -- The first day of the month.
  month date NOT NULL CHECK (extract(day FROM month) = 1),
  kind text NOT NULL DEFAULT 'regular' CHECK (kind IN ('regular', 'supplementary')),
  -- Empty: every region (department).
  region_ids jsonb NOT NULL DEFAULT '[]'::jsonb,
  department_ids jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- The job's progress: true until every slip is computed.
  generating boolean NOT NULL DEFAULT false,
  total_employees integer NOT NULL DEFAULT 0,
  processed_employees integer NOT NULL DEFAULT 0,
  error text,
  reverses_id integer,
  reversal_id integer,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  approved_at timestamptz,
  approved_by integer,
  posted_at timestamptz,
  posted_by integer,
  cancelled_at timestamptz,
  cancelled_by integer,
  CONSTRAINT pay_runs_document_number_key UNIQUE (document_number)
);
CREATE INDEX pay_runs_document_date_idx ON pay_runs (document_date DESC, id DESC);
CREATE INDEX pay_runs_month_idx ON pay_runs (month) WHERE status <> 'cancelled';
ALTER TABLE pay_runs ADD CHECK (status IN ('draft', 'approved', 'posted', 'cancelled'));
CREATE TRIGGER pay_runs_keep_unless_editable BEFORE UPDATE OR DELETE ON pay_runs
  FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable('draft', '', '', 'status,updated_at,approved_at,approved_by,posted_at,posted_by,cancelled_at,cancelled_by,document_number,generating,total_employees,processed_employees,error');

-- One employee's slip of a run: for a regular run its month, for a supplementary run one
-- slip per earlier month whose difference it holds (`month`). What the employee was (code,
-- name, bank, region, department) is copied at generation: a printed slip never changes.
CREATE TABLE pay_slips (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  pay_run_id integer NOT NULL REFERENCES pay_runs (id) ON DELETE CASCADE,
  employee_id integer NOT NULL REFERENCES employees (id),
  month date NOT NULL,
  employee_code text NOT NULL DEFAULT '',
  employee_name text NOT NULL,
  region_id integer REFERENCES regions (id),
  department_id integer,
  bank_name text,
  bank_account text,
  pay_mode text NOT NULL DEFAULT 'bank',
  paid_days numeric(12, 6) NOT NULL DEFAULT 0,
  gross numeric(18, 2) NOT NULL DEFAULT 0,
  deductions numeric(18, 2) NOT NULL DEFAULT 0,
  employer_cost numeric(18, 2) NOT NULL DEFAULT 0,
  taxable numeric(18, 2) NOT NULL DEFAULT 0,
  rounding numeric(18, 2) NOT NULL DEFAULT 0,
  net numeric(18, 2) NOT NULL DEFAULT 0,
  net_in_words text NOT NULL DEFAULT '',
  snapshot jsonb NOT NULL DEFAULT '{}'::jsonb,
  flags text[] NOT NULL DEFAULT '{}',
  -- Held: left out of the posting and of payment (kept on the run, shown as held).
  held boolean NOT NULL DEFAULT false,
  -- What payments allocated to it (under its row lock).
  paid_amount numeric(18, 2) NOT NULL DEFAULT 0,
  CONSTRAINT pay_slips_run_employee_month_key UNIQUE (pay_run_id, employee_id, month),
  CONSTRAINT pay_slips_net_check CHECK (net = gross - deductions + rounding),
  CONSTRAINT pay_slips_paid_check CHECK (paid_amount >= 0 AND (paid_amount = 0 OR paid_amount <= greatest(net, 0)))
);
CREATE INDEX pay_slips_employee_idx ON pay_slips (employee_id, month);
CREATE INDEX pay_slips_month_idx ON pay_slips (month);

CREATE TABLE pay_slip_lines (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  pay_slip_id integer NOT NULL REFERENCES pay_slips (id) ON DELETE CASCADE,
  line_no integer NOT NULL,
  component_id integer,
  code text NOT NULL,
  component_name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('earning', 'deduction', 'employerContribution')),
  basis numeric(18, 2) NOT NULL DEFAULT 0,
  rate numeric(18, 6) NOT NULL DEFAULT 1,
  amount numeric(18, 2) NOT NULL,
  -- The accounts it posts to, copied from the component: Dr an earning's or employer
  -- contribution's expense, Cr a deduction's payable; Cr an employer contribution's liability.
  account_id integer,
  liability_account_id integer,
  CONSTRAINT pay_slip_lines_slip_line_key UNIQUE (pay_slip_id, line_no)
);

-- A slip's amounts are its run's draft: once the run leaves draft only paid_amount changes.
CREATE FUNCTION pay_slips_keep_unless_draft() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  run_status text;
BEGIN
  SELECT status INTO run_status FROM pay_runs WHERE id = coalesce(NEW.pay_run_id, OLD.pay_run_id);
  IF run_status IS NULL OR run_status = 'draft' THEN
    RETURN coalesce(NEW, OLD);
  END IF;
  IF TG_OP = 'UPDATE' AND (to_jsonb(NEW) - 'paid_amount') = (to_jsonb(OLD) - 'paid_amount') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'A pay slip of a % pay run cannot be changed', run_status USING ERRCODE = 'check_violation';
END $$;
CREATE TRIGGER pay_slips_keep_unless_draft BEFORE UPDATE OR DELETE ON pay_slips
  FOR EACH ROW EXECUTE FUNCTION pay_slips_keep_unless_draft();

-- The lines likewise, checked once per statement (a run writes 30,000 lines in one INSERT):
-- refused when any line written or removed belongs to a slip of a run no longer draft.
CREATE FUNCTION pay_slip_lines_keep_unless_draft() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  run_status text;
BEGIN
  -- A restore (TRUNCATE, then runs and slips before their lines) writes posted runs' lines back.
  IF TG_OP = 'INSERT' AND coalesce(current_setting('erp.restoring', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  SELECT r.status INTO run_status FROM changed_lines l JOIN pay_slips s ON s.id = l.pay_slip_id JOIN pay_runs r ON r.id = s.pay_run_id
  WHERE r.status <> 'draft' LIMIT 1;
  IF run_status IS NOT NULL THEN
    RAISE EXCEPTION 'A pay slip of a % pay run cannot be changed', run_status USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER pay_slip_lines_insert_keep AFTER INSERT ON pay_slip_lines
  REFERENCING NEW TABLE AS changed_lines FOR EACH STATEMENT EXECUTE FUNCTION pay_slip_lines_keep_unless_draft();
CREATE TRIGGER pay_slip_lines_update_keep AFTER UPDATE ON pay_slip_lines
  REFERENCING OLD TABLE AS changed_lines FOR EACH STATEMENT EXECUTE FUNCTION pay_slip_lines_keep_unless_draft();
CREATE TRIGGER pay_slip_lines_delete_keep AFTER DELETE ON pay_slip_lines
  REFERENCING OLD TABLE AS changed_lines FOR EACH STATEMENT EXECUTE FUNCTION pay_slip_lines_keep_unless_draft();

-- Payments to employees allocate to their posted pay slips (payeeType 'employee').
ALTER TABLE payment_allocations ALTER COLUMN goods_receipt_id DROP NOT NULL;
ALTER TABLE payment_allocations ADD COLUMN pay_slip_id integer REFERENCES pay_slips (id);
ALTER TABLE payment_allocations ADD CONSTRAINT payment_allocations_one_target_check CHECK ((goods_receipt_id IS NULL) <> (pay_slip_id IS NULL));
CREATE INDEX payment_allocations_pay_slip_id_idx ON payment_allocations (pay_slip_id) WHERE released_at IS NULL;
