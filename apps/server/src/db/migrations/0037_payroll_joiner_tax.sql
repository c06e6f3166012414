-- Issue 27: income tax of a joiner mid tax year is projected over the months left from joining,
-- plus the pay and tax of earlier employment in that tax year, which the employee declares and
-- the clerk enters here (zero for most).
ALTER TABLE employees
  ADD COLUMN taxable_pay_before_joining numeric(18, 2) NOT NULL DEFAULT 0 CHECK (taxable_pay_before_joining >= 0),
  ADD COLUMN tax_deducted_before_joining numeric(18, 2) NOT NULL DEFAULT 0 CHECK (tax_deducted_before_joining >= 0);
