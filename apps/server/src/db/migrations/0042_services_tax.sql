-- Issue 29, section 1: rental charges are services, taxed by the province where the service is
-- rendered (the customer's), not under the Sales Tax Act. The rates per province are sales'
-- settings (empty: not charged); the tax is credited to Services tax payable, a chart made before
-- getting the account and its posting key here (the default chart has them), as 0018 did. A code
-- 2120 already used for something else is left alone: the key then waits for a choice in settings.
ALTER TABLE company_settings ADD COLUMN services_tax_rates jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(services_tax_rates) = 'object');

INSERT INTO accounts (account_code, account_name, head_id, sub_head_id, kind)
SELECT '2120', 'Services tax payable', head.id, sub.id, 'other'
FROM account_heads head
JOIN account_heads sub ON sub.head_name = 'Tax' AND sub.parent_id = head.id
WHERE head.head_name = 'Liabilities' AND head.parent_id IS NULL
  AND NOT EXISTS (SELECT 1 FROM accounts a WHERE a.account_code = '2120');

INSERT INTO posting_accounts (key, account_id)
SELECT 'servicesTaxPayable', a.id FROM accounts a
WHERE a.account_code = '2120' AND a.account_name = 'Services tax payable'
ON CONFLICT (key) DO NOTHING;
