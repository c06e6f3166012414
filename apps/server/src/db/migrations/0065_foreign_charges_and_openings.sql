-- Issue 33, review of sections 2 and 3 (docs/decisions/currencies.md).

-- A vendor's charge of an import shipment in a foreign currency is a bill revalued at a month end
-- like a goods receipt (landed costs' payment target declares its `revaluation`): its rows name it
-- 'import-shipment-charges', the charge's id.
ALTER TABLE exchange_revaluation_rows DROP CONSTRAINT exchange_revaluation_rows_document_type_check;
ALTER TABLE exchange_revaluation_rows ADD CONSTRAINT exchange_revaluation_rows_document_type_check
  CHECK (document_type IN ('goods-receipts', 'import-shipment-charges', 'payments', 'accounts'));

-- An account kept in a foreign currency brings its opening balance in that currency too (the
-- opening balance itself is in the company's): its ledger's foreign opening and the revaluation of
-- a foreign bank balance count it. Null on a company-currency account, and on a foreign account
-- opened before this (it had no foreign side; nothing is guessed for it).
ALTER TABLE accounts ADD COLUMN opening_foreign_balance numeric(18, 2);
