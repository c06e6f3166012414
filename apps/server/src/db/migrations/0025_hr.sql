-- Human resource (issue 20, sections 1 and 2): departments, the employee's full record, and the
-- pay structure the pay runs (0026) read: salary components, dated salary assignments with their
-- lines, adjustments, advances and loans with their skipped months, monthly pay inputs, and
-- income tax tables held as data. Months are 'YYYY-MM' text (sortable, the wire's own form).

-- The company's country chooses the national id validator (packages/domain/src/hr/national-id.ts).
ALTER TABLE company_settings ADD COLUMN country text NOT NULL DEFAULT 'PK' CHECK (country ~ '^[A-Z]{2}$');

CREATE TABLE departments (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  department_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT departments_department_name_key UNIQUE (department_name)
);

-- Employees: the columns of issue 20. Rows kept from issue 9 are filled: a code from the id, the
-- 'General' department, joined the day they were recorded, status from the old `active` flag,
-- paid in cash (no bank account known). Their national id stays empty until someone enters it
-- (no valid value can be invented); the API requires it on every new employee.
ALTER TABLE employees
  ADD COLUMN employee_code text,
  ADD COLUMN department_id integer REFERENCES departments (id) ON DELETE RESTRICT,
  ADD COLUMN join_date date,
  ADD COLUMN confirmation_date date,
  ADD COLUMN exit_date date,
  ADD COLUMN status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended', 'left')),
  ADD COLUMN national_id text,
  ADD COLUMN bank_name text,
  ADD COLUMN bank_account text,
  ADD COLUMN pay_mode text NOT NULL DEFAULT 'cash' CHECK (pay_mode IN ('bank', 'cash', 'cheque')),
  ADD COLUMN user_id integer REFERENCES users (id) ON DELETE SET NULL;

INSERT INTO departments (department_name) SELECT 'General' WHERE EXISTS (SELECT 1 FROM employees);
UPDATE employees SET
  employee_code = 'EMP-' || lpad(id::text, 4, '0'),
  department_id = (SELECT id FROM departments WHERE department_name = 'General'),
  join_date = created_at::date,
  status = CASE WHEN active THEN 'active' ELSE 'left' END,
  exit_date = CASE WHEN active THEN NULL ELSE updated_at::date END;
ALTER TABLE employees
  ALTER COLUMN employee_code SET NOT NULL,
  ALTER COLUMN department_id SET NOT NULL,
  ALTER COLUMN join_date SET NOT NULL,
  ALTER COLUMN region_id SET NOT NULL,
  DROP COLUMN active,
  ADD CONSTRAINT employees_employee_code_key UNIQUE (employee_code),
  ADD CONSTRAINT employees_user_id_key UNIQUE (user_id),
  ADD CONSTRAINT employees_dates_check CHECK ((confirmation_date IS NULL OR confirmation_date >= join_date) AND (exit_date IS NULL OR exit_date >= join_date)),
  -- A leaver has left on a day; nobody else has an exit date.
  ADD CONSTRAINT employees_exit_check CHECK ((status = 'left') = (exit_date IS NOT NULL)),
  ADD CONSTRAINT employees_bank_check CHECK (pay_mode <> 'bank' OR (bank_name IS NOT NULL AND bank_account IS NOT NULL));
-- Employees are found by the command palette (lib/search, the binding's `search`): the rows of
-- those already there, as searchRowUpsert writes them.
INSERT INTO search_index (entity_type, entity_id, region_id, code, title, subtitle, status, search_text)
  SELECT 'employees'::text, "employees".id, "employees"."region_id", c.code, c.title, 'Employee'::text, NULL::text, concat_ws(' ', c.code, c.title)
  FROM "employees" CROSS JOIN LATERAL (SELECT "employees"."employee_code"::text AS code, coalesce("employees"."employee_name"::text, '') AS title) c
  ON CONFLICT (entity_type, entity_id) DO NOTHING;
CREATE INDEX employees_department_id_idx ON employees (department_id);
CREATE INDEX employees_status_region_idx ON employees (status, region_id);
CREATE INDEX employees_employee_code_trgm ON employees USING gin (employee_code gin_trgm_ops);

-- Salary components: how each line of a slip is computed and where it posts.
-- fixed: the assignment line's amount (else the component's); percentOfBasic: percent of the
-- assignment's basic; perDay: amount x paid days; formula: over other components' codes and the
-- month's variables (packages/domain/src/hr/pay-formula.ts). An employer contribution posts
-- Dr account_id (its expense) / Cr liability_account_id (what is owed for it).
CREATE TABLE salary_components (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code text NOT NULL CHECK (code ~ '^[A-Z][A-Z0-9_]{0,29}$'),
  component_name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('earning', 'deduction', 'employerContribution')),
  calculation text NOT NULL CHECK (calculation IN ('fixed', 'percentOfBasic', 'perDay', 'formula')),
  formula text,
  amount numeric(18, 2),
  percent numeric(9, 4),
  prorated boolean NOT NULL DEFAULT true,
  taxable boolean NOT NULL DEFAULT false,
  account_id integer NOT NULL REFERENCES accounts (id) ON DELETE RESTRICT,
  liability_account_id integer REFERENCES accounts (id) ON DELETE RESTRICT,
  rounding text NOT NULL DEFAULT 'none' CHECK (rounding IN ('none', 'nearest1', 'up1', 'down1')),
  print_order integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT salary_components_code_key UNIQUE (code),
  CONSTRAINT salary_components_formula_check CHECK ((calculation = 'formula') = (formula IS NOT NULL)),
  CONSTRAINT salary_components_percent_check CHECK (calculation <> 'percentOfBasic' OR percent IS NOT NULL),
  CONSTRAINT salary_components_liability_check CHECK ((kind = 'employerContribution') = (liability_account_id IS NOT NULL))
);

-- A salary assignment: the employee's pay from a date on. Never edited or deleted once a posted
-- slip used it (the service refuses with 409); a raise is a new assignment.
CREATE TABLE salary_assignments (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  employee_id integer NOT NULL REFERENCES employees (id) ON DELETE RESTRICT,
  effective_from date NOT NULL,
  basic numeric(18, 2) NOT NULL CHECK (basic >= 0),
  notes text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT salary_assignments_employee_id_effective_from_key UNIQUE (employee_id, effective_from)
);

-- Its lines: a component with its own amount or percent (empty: the component's own).
CREATE TABLE salary_assignment_lines (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  salary_assignment_id integer NOT NULL REFERENCES salary_assignments (id) ON DELETE CASCADE,
  line_number integer NOT NULL,
  component_id integer NOT NULL REFERENCES salary_components (id) ON DELETE RESTRICT,
  amount numeric(18, 2),
  percent numeric(9, 4),
  CONSTRAINT salary_assignment_lines_component_key UNIQUE (salary_assignment_id, component_id),
  CONSTRAINT salary_assignment_lines_line_number_key UNIQUE (salary_assignment_id, line_number)
);
CREATE INDEX salary_assignment_lines_component_id_idx ON salary_assignment_lines (component_id);

-- One-off (to_month NULL and not recurring: from_month only) or recurring (from_month through
-- to_month, or open-ended when to_month is NULL) amounts of a component for an employee.
CREATE TABLE pay_adjustments (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  employee_id integer NOT NULL REFERENCES employees (id) ON DELETE RESTRICT,
  component_id integer NOT NULL REFERENCES salary_components (id) ON DELETE RESTRICT,
  amount numeric(18, 2) NOT NULL CHECK (amount <> 0),
  from_month text NOT NULL CHECK (from_month ~ '^\d{4}-(0[1-9]|1[0-2])$'),
  to_month text CHECK (to_month ~ '^\d{4}-(0[1-9]|1[0-2])$'),
  recurring boolean NOT NULL DEFAULT false,
  reason text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT pay_adjustments_months_check CHECK (to_month IS NULL OR to_month >= from_month),
  CONSTRAINT pay_adjustments_one_off_check CHECK (recurring OR to_month IS NULL OR to_month = from_month)
);
CREATE INDEX pay_adjustments_employee_idx ON pay_adjustments (employee_id, from_month);

-- Advances and loans: paid out through /payments (payments.employee_advance_id: Dr Employee
-- advances), recovered by the pay runs in `instalments` equal instalments from start_month on;
-- a skipped month moves its instalment to the end (employee_advance_skips).
CREATE TABLE employee_advances (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  employee_id integer NOT NULL REFERENCES employees (id) ON DELETE RESTRICT,
  kind text NOT NULL DEFAULT 'advance' CHECK (kind IN ('advance', 'loan')),
  advance_date date NOT NULL DEFAULT CURRENT_DATE,
  amount numeric(18, 2) NOT NULL CHECK (amount > 0),
  instalments integer NOT NULL CHECK (instalments BETWEEN 1 AND 120),
  start_month text NOT NULL CHECK (start_month ~ '^\d{4}-(0[1-9]|1[0-2])$'),
  reason text NOT NULL DEFAULT '',
  -- Kept by the pay runs' postings (0026): what posted slips recovered so far.
  recovered_amount numeric(18, 2) NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT employee_advances_recovered_check CHECK (recovered_amount >= 0 AND recovered_amount <= amount)
);
CREATE INDEX employee_advances_employee_idx ON employee_advances (employee_id);

CREATE TABLE employee_advance_skips (
  employee_advance_id integer NOT NULL REFERENCES employee_advances (id) ON DELETE CASCADE,
  month text NOT NULL CHECK (month ~ '^\d{4}-(0[1-9]|1[0-2])$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (employee_advance_id, month)
);

-- The payment that paid an advance out (Dr Employee advances instead of Salaries payable).
ALTER TABLE payments ADD COLUMN employee_advance_id integer REFERENCES employee_advances (id) ON DELETE RESTRICT;
ALTER TABLE payments ADD CONSTRAINT payments_employee_advance_check CHECK (employee_advance_id IS NULL OR payee_type = 'employee');
CREATE INDEX payments_employee_advance_id_idx ON payments (employee_advance_id) WHERE employee_advance_id IS NOT NULL;

-- The month's inputs of one employee, entered in a grid or imported.
CREATE TABLE pay_inputs (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  employee_id integer NOT NULL REFERENCES employees (id) ON DELETE RESTRICT,
  month text NOT NULL CHECK (month ~ '^\d{4}-(0[1-9]|1[0-2])$'),
  unpaid_leave_days numeric(5, 2) NOT NULL DEFAULT 0 CHECK (unpaid_leave_days >= 0 AND unpaid_leave_days <= 31),
  overtime_hours numeric(7, 2) NOT NULL DEFAULT 0 CHECK (overtime_hours >= 0),
  incentives numeric(18, 2) NOT NULL DEFAULT 0 CHECK (incentives >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT pay_inputs_employee_id_month_key UNIQUE (employee_id, month)
);
CREATE INDEX pay_inputs_month_idx ON pay_inputs (month);

-- Income tax tables as data: annual slabs of a country from a date; tax on an annual income x in
-- the slab whose range holds it = fixed + rate % x (x - from).
CREATE TABLE tax_tables (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  country text NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
  effective_from date NOT NULL,
  table_name text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT tax_tables_country_effective_from_key UNIQUE (country, effective_from)
);

CREATE TABLE tax_table_slabs (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tax_table_id integer NOT NULL REFERENCES tax_tables (id) ON DELETE CASCADE,
  line_number integer NOT NULL,
  from_amount numeric(18, 2) NOT NULL CHECK (from_amount >= 0),
  to_amount numeric(18, 2),
  fixed_amount numeric(18, 2) NOT NULL DEFAULT 0 CHECK (fixed_amount >= 0),
  rate numeric(7, 4) NOT NULL DEFAULT 0 CHECK (rate >= 0 AND rate <= 100),
  CONSTRAINT tax_table_slabs_line_number_key UNIQUE (tax_table_id, line_number),
  CONSTRAINT tax_table_slabs_range_check CHECK (to_amount IS NULL OR to_amount > from_amount)
);
