-- Issue 29, section 3: a customer's sales tax facts. The registrations are digits without
-- separators (null: none); a registered customer has its NTN or CNIC. `tax_number` stays the
-- printed text. `registration_checked` says whether anyone has checked the registration since it
-- was set here (a list filter: what to check).
ALTER TABLE customers
  ADD COLUMN ntn text CHECK (ntn ~ '^[0-9]{7}$'),
  ADD COLUMN cnic text CHECK (cnic ~ '^[0-9]{13}$'),
  ADD COLUMN strn text CHECK (strn ~ '^[0-9]{13}$'),
  ADD COLUMN registration_type text NOT NULL DEFAULT 'unregistered' CHECK (registration_type IN ('registered', 'unregistered')),
  ADD COLUMN registration_checked_on date,
  ADD COLUMN province text CHECK (province IN ('punjab', 'sindh', 'khyberPakhtunkhwa', 'balochistan', 'capitalTerritory', 'gilgitBaltistan', 'azadKashmir')),
  ADD COLUMN withholding_agent boolean NOT NULL DEFAULT false,
  ADD COLUMN registration_checked boolean GENERATED ALWAYS AS (registration_checked_on IS NOT NULL) STORED,
  ADD CONSTRAINT customers_registered_number CHECK (registration_type = 'unregistered' OR ntn IS NOT NULL OR cnic IS NOT NULL);

-- The printed tax number read as a registration (the domain's registrationOfTaxNumber):
-- `NTN 0711234-5` or `0711234` an NTN, 13 digits (dashes and spaces aside) a CNIC. Such customers
-- become registered, their registration not yet checked.
WITH parsed AS (
  -- Trimmed of every blank (tabs, returns and no-break spaces too, as JavaScript's trim), then of an `NTN` label.
  SELECT id, regexp_replace(regexp_replace(tax_number, '^[[:space:]' || chr(160) || ']+|[[:space:]' || chr(160) || ']+$', '', 'g'),
                            '^[Nn][Tt][Nn][[:space:]' || chr(160) || ':#.-]*', '') AS text
  FROM customers WHERE tax_number IS NOT NULL
),
digits AS (
  SELECT id, text, regexp_replace(text, '[[:space:]' || chr(160) || '-]', '', 'g') AS bare FROM parsed
),
numbers AS (
  SELECT id,
         CASE WHEN bare ~ '^[0-9]{13}$' THEN bare END AS cnic,
         CASE WHEN text ~ '^[0-9]{7}-[0-9]$' THEN left(text, 7) WHEN bare ~ '^[0-9]{7}$' THEN bare END AS ntn
  FROM digits
)
UPDATE customers c SET cnic = n.cnic, ntn = CASE WHEN n.cnic IS NULL THEN n.ntn END, registration_type = 'registered'
FROM numbers n WHERE n.id = c.id AND (n.cnic IS NOT NULL OR n.ntn IS NOT NULL);
