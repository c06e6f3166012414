-- Issue 33, section 1: the currencies the company deals in and their dated rates (modules/currencies).

-- How many days old a rate may be and still be a date's rate (the currencies' settings section).
ALTER TABLE company_settings ADD COLUMN exchange_rate_max_age_days integer NOT NULL DEFAULT 7
  CHECK (exchange_rate_max_age_days BETWEEN 0 AND 31);

CREATE TABLE currencies (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code text NOT NULL CHECK (code ~ '^[A-Z]{3}$'),
  currency_name text NOT NULL CHECK (currency_name <> ''),
  symbol text,
  decimals integer NOT NULL DEFAULT 2 CHECK (decimals BETWEEN 0 AND 3),
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT currencies_code_key UNIQUE (code)
);

-- A rate in the company currency per unit, exact to 6 decimals (never a float). Keyed by currency
-- then day: the rate of a date is the last key on or before it. A currency with rates keeps its
-- code (the reference refuses a change) and is not deleted.
CREATE TABLE exchange_rates (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  currency text NOT NULL REFERENCES currencies (code),
  rate_date date NOT NULL,
  rate numeric(18, 6) NOT NULL CHECK (rate > 0),
  source text NOT NULL DEFAULT 'manual' CHECK (source IN ('manual', 'sbp', 'bank')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT exchange_rates_rate_date_currency_key UNIQUE (currency, rate_date)
);

-- The company currency (the settings' `currency`) is always a row, active: made (or activated)
-- whenever the settings row is made or names another currency, so the first start and a change
-- of the company currency alike find it. PKR gets its name and symbol; another code is
-- named by its code until someone names it. A restore (erp.restoring) brings the rows back itself.
CREATE FUNCTION company_currency_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('erp.restoring', true), '') = 'on' THEN
    RETURN NEW;
  END IF;
  INSERT INTO currencies (code, currency_name, symbol)
  VALUES (NEW.currency, CASE NEW.currency WHEN 'PKR' THEN 'Pakistani rupee' ELSE NEW.currency END, CASE NEW.currency WHEN 'PKR' THEN 'Rs' END)
  ON CONFLICT (code) DO UPDATE SET active = true, updated_at = now() WHERE NOT currencies.active;
  RETURN NEW;
END
$$;

CREATE TRIGGER company_settings_currency_row AFTER INSERT OR UPDATE OF currency ON company_settings
  FOR EACH ROW EXECUTE FUNCTION company_currency_row();

-- A database made before this migration: its company currency now, by the trigger.
UPDATE company_settings SET currency = currency;
