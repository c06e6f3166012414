-- Issue 18: the command palette's index (lib/search; docs/ARCHITECTURE.md, "Search"). One row
-- per searchable record, written by the document and resource machinery in the transaction of
-- each change (created, renamed, posted, cancelled), so the next request finds it as it now is.
-- The user's role and row scope are applied in the search's WHERE (search-query.ts).
CREATE TABLE search_index (
  entity_type text NOT NULL,
  entity_id integer NOT NULL,
  region_id integer,
  code text,
  title text NOT NULL,
  subtitle text NOT NULL,
  status text,
  search_text text NOT NULL,
  PRIMARY KEY (entity_type, entity_id)
);
-- Per type, so each type's top results come from an ordered index scan that stops early:
-- a whole document number or a code's start (upper(): any case finds it), and a title's start.
-- COLLATE "C": byte order, so one index serves both LIKE 'x%' and the ORDER BY.
CREATE INDEX search_index_code_idx ON search_index (entity_type, (upper(code) COLLATE "C"));
CREATE INDEX search_index_title_idx ON search_index (entity_type, (lower(title) COLLATE "C"));
-- Words anywhere in the code and title (ILIKE '%word%').
CREATE INDEX search_index_text_trgm ON search_index USING gin (search_text gin_trgm_ops);

-- The records already there: the statements lib/search/search-rows.ts derives from the bindings
-- (searchRowUpsert without its WHERE; search.test.ts checks they agree).
-- journals
INSERT INTO search_index (entity_type, entity_id, region_id, code, title, subtitle, status, search_text)
  SELECT 'journals'::text, "journals".id, NULL::int, c.code, c.title, 'Journal'::text || ' · ' || to_char("journals"."journal_date", 'YYYY-MM-DD'), "journals"."status"::text, concat_ws(' ', c.code, c.title)
  FROM "journals" CROSS JOIN LATERAL (SELECT "journals"."journal_number"::text AS code, coalesce("journals"."narration"::text, '') AS title) c
  ON CONFLICT (entity_type, entity_id) DO UPDATE SET region_id = EXCLUDED.region_id, code = EXCLUDED.code, title = EXCLUDED.title,
  subtitle = EXCLUDED.subtitle, status = EXCLUDED.status, search_text = EXCLUDED.search_text;

-- stock-adjustments
INSERT INTO search_index (entity_type, entity_id, region_id, code, title, subtitle, status, search_text)
  SELECT 'stock-adjustments'::text, "stock_adjustments".id, NULL::int, c.code, c.title, 'Stock adjustment'::text || ' · ' || to_char("stock_adjustments"."document_date", 'YYYY-MM-DD'), "stock_adjustments"."status"::text, concat_ws(' ', c.code, c.title)
  FROM "stock_adjustments" CROSS JOIN LATERAL (SELECT "stock_adjustments"."document_number"::text AS code, coalesce("stock_adjustments"."narration"::text, '') AS title) c
  ON CONFLICT (entity_type, entity_id) DO UPDATE SET region_id = EXCLUDED.region_id, code = EXCLUDED.code, title = EXCLUDED.title,
  subtitle = EXCLUDED.subtitle, status = EXCLUDED.status, search_text = EXCLUDED.search_text;

-- transfers
INSERT INTO search_index (entity_type, entity_id, region_id, code, title, subtitle, status, search_text)
  SELECT 'transfers'::text, "transfers".id, NULL::int, c.code, c.title, 'Transfer'::text || ' · ' || to_char("transfers"."document_date", 'YYYY-MM-DD'), "transfers"."status"::text, concat_ws(' ', c.code, c.title)
  FROM "transfers" CROSS JOIN LATERAL (SELECT "transfers"."document_number"::text AS code, coalesce("transfers"."notes"::text, '') AS title) c
  ON CONFLICT (entity_type, entity_id) DO UPDATE SET region_id = EXCLUDED.region_id, code = EXCLUDED.code, title = EXCLUDED.title,
  subtitle = EXCLUDED.subtitle, status = EXCLUDED.status, search_text = EXCLUDED.search_text;

-- purchase-orders
INSERT INTO search_index (entity_type, entity_id, region_id, code, title, subtitle, status, search_text)
  SELECT 'purchase-orders'::text, "purchase_orders".id, "purchase_orders"."region_id", c.code, c.title, 'Purchase order'::text || ' · ' || to_char("purchase_orders"."document_date", 'YYYY-MM-DD'), "purchase_orders"."status"::text, concat_ws(' ', c.code, c.title)
  FROM "purchase_orders" CROSS JOIN LATERAL (SELECT "purchase_orders"."document_number"::text AS code, coalesce((SELECT "vendors"."vendor_name" FROM "vendors" WHERE "vendors"."id" = "purchase_orders"."vendor_id"), '') AS title) c
  ON CONFLICT (entity_type, entity_id) DO UPDATE SET region_id = EXCLUDED.region_id, code = EXCLUDED.code, title = EXCLUDED.title,
  subtitle = EXCLUDED.subtitle, status = EXCLUDED.status, search_text = EXCLUDED.search_text;

-- goods-receipts
INSERT INTO search_index (entity_type, entity_id, region_id, code, title, subtitle, status, search_text)
  SELECT 'goods-receipts'::text, "goods_receipts".id, NULL::int, c.code, c.title, 'Goods receipt'::text || ' · ' || to_char("goods_receipts"."document_date", 'YYYY-MM-DD'), "goods_receipts"."status"::text, concat_ws(' ', c.code, c.title)
  FROM "goods_receipts" CROSS JOIN LATERAL (SELECT "goods_receipts"."document_number"::text AS code, coalesce("goods_receipts"."notes"::text, '') AS title) c
  ON CONFLICT (entity_type, entity_id) DO UPDATE SET region_id = EXCLUDED.region_id, code = EXCLUDED.code, title = EXCLUDED.title,
  subtitle = EXCLUDED.subtitle, status = EXCLUDED.status, search_text = EXCLUDED.search_text;

-- invoices
INSERT INTO search_index (entity_type, entity_id, region_id, code, title, subtitle, status, search_text)
  SELECT 'invoices'::text, "invoices".id, "invoices"."region_id", c.code, c.title, 'Invoice'::text || ' · ' || to_char("invoices"."document_date", 'YYYY-MM-DD'), "invoices"."status"::text, concat_ws(' ', c.code, c.title)
  FROM "invoices" CROSS JOIN LATERAL (SELECT "invoices"."document_number"::text AS code, coalesce((SELECT "customers"."customer_name" FROM "customers" WHERE "customers"."id" = "invoices"."customer_id"), '') AS title) c
  ON CONFLICT (entity_type, entity_id) DO UPDATE SET region_id = EXCLUDED.region_id, code = EXCLUDED.code, title = EXCLUDED.title,
  subtitle = EXCLUDED.subtitle, status = EXCLUDED.status, search_text = EXCLUDED.search_text;

-- quotations
INSERT INTO search_index (entity_type, entity_id, region_id, code, title, subtitle, status, search_text)
  SELECT 'quotations'::text, "quotations".id, "quotations"."region_id", c.code, c.title, 'Quotation'::text || ' · ' || to_char("quotations"."document_date", 'YYYY-MM-DD'), "quotations"."status"::text, concat_ws(' ', c.code, c.title)
  FROM "quotations" CROSS JOIN LATERAL (SELECT "quotations"."document_number"::text AS code, coalesce((SELECT "customers"."customer_name" FROM "customers" WHERE "customers"."id" = "quotations"."customer_id"), '') AS title) c
  ON CONFLICT (entity_type, entity_id) DO UPDATE SET region_id = EXCLUDED.region_id, code = EXCLUDED.code, title = EXCLUDED.title,
  subtitle = EXCLUDED.subtitle, status = EXCLUDED.status, search_text = EXCLUDED.search_text;

-- sales-returns
INSERT INTO search_index (entity_type, entity_id, region_id, code, title, subtitle, status, search_text)
  SELECT 'sales-returns'::text, "sales_returns".id, "sales_returns"."region_id", c.code, c.title, 'Sales return'::text || ' · ' || to_char("sales_returns"."document_date", 'YYYY-MM-DD'), "sales_returns"."status"::text, concat_ws(' ', c.code, c.title)
  FROM "sales_returns" CROSS JOIN LATERAL (SELECT "sales_returns"."document_number"::text AS code, coalesce("sales_returns"."notes"::text, '') AS title) c
  ON CONFLICT (entity_type, entity_id) DO UPDATE SET region_id = EXCLUDED.region_id, code = EXCLUDED.code, title = EXCLUDED.title,
  subtitle = EXCLUDED.subtitle, status = EXCLUDED.status, search_text = EXCLUDED.search_text;

-- receipts
INSERT INTO search_index (entity_type, entity_id, region_id, code, title, subtitle, status, search_text)
  SELECT 'receipts'::text, "receipts".id, "receipts"."region_id", c.code, c.title, 'Receipt'::text || ' · ' || to_char("receipts"."document_date", 'YYYY-MM-DD'), "receipts"."status"::text, concat_ws(' ', c.code, c.title)
  FROM "receipts" CROSS JOIN LATERAL (SELECT "receipts"."document_number"::text AS code, coalesce((SELECT "customers"."customer_name" FROM "customers" WHERE "customers"."id" = "receipts"."customer_id"), '') AS title) c
  ON CONFLICT (entity_type, entity_id) DO UPDATE SET region_id = EXCLUDED.region_id, code = EXCLUDED.code, title = EXCLUDED.title,
  subtitle = EXCLUDED.subtitle, status = EXCLUDED.status, search_text = EXCLUDED.search_text;

-- payments
INSERT INTO search_index (entity_type, entity_id, region_id, code, title, subtitle, status, search_text)
  SELECT 'payments'::text, "payments".id, "payments"."region_id", c.code, c.title, 'Payment'::text || ' · ' || to_char("payments"."document_date", 'YYYY-MM-DD'), "payments"."status"::text, concat_ws(' ', c.code, c.title)
  FROM "payments" CROSS JOIN LATERAL (SELECT "payments"."document_number"::text AS code, coalesce((SELECT "vendors"."vendor_name" FROM "vendors" WHERE "vendors"."id" = "payments"."vendor_id"), '') AS title) c
  ON CONFLICT (entity_type, entity_id) DO UPDATE SET region_id = EXCLUDED.region_id, code = EXCLUDED.code, title = EXCLUDED.title,
  subtitle = EXCLUDED.subtitle, status = EXCLUDED.status, search_text = EXCLUDED.search_text;

-- cheques
INSERT INTO search_index (entity_type, entity_id, region_id, code, title, subtitle, status, search_text)
  SELECT 'cheques'::text, "cheques".id, "cheques"."region_id", c.code, c.title, 'Cheque'::text || ' · ' || to_char("cheques"."document_date", 'YYYY-MM-DD'), "cheques"."status"::text, concat_ws(' ', c.code, c.title)
  FROM "cheques" CROSS JOIN LATERAL (SELECT "cheques"."document_number"::text AS code, coalesce("cheques"."cheque_number"::text, '') AS title) c
  ON CONFLICT (entity_type, entity_id) DO UPDATE SET region_id = EXCLUDED.region_id, code = EXCLUDED.code, title = EXCLUDED.title,
  subtitle = EXCLUDED.subtitle, status = EXCLUDED.status, search_text = EXCLUDED.search_text;

-- assets
INSERT INTO search_index (entity_type, entity_id, region_id, code, title, subtitle, status, search_text)
  SELECT 'assets'::text, "assets".id, "assets"."region_id", c.code, c.title, 'Asset'::text || ' · ' || to_char("assets"."document_date", 'YYYY-MM-DD'), "assets"."status"::text, concat_ws(' ', c.code, c.title)
  FROM "assets" CROSS JOIN LATERAL (SELECT "assets"."document_number"::text AS code, coalesce("assets"."asset_name"::text, '') AS title) c
  ON CONFLICT (entity_type, entity_id) DO UPDATE SET region_id = EXCLUDED.region_id, code = EXCLUDED.code, title = EXCLUDED.title,
  subtitle = EXCLUDED.subtitle, status = EXCLUDED.status, search_text = EXCLUDED.search_text;

-- depreciation-runs
INSERT INTO search_index (entity_type, entity_id, region_id, code, title, subtitle, status, search_text)
  SELECT 'depreciation-runs'::text, "depreciation_runs".id, NULL::int, c.code, c.title, 'Depreciation run'::text || ' · ' || to_char("depreciation_runs"."document_date", 'YYYY-MM-DD'), "depreciation_runs"."status"::text, concat_ws(' ', c.code, c.title)
  FROM "depreciation_runs" CROSS JOIN LATERAL (SELECT "depreciation_runs"."document_number"::text AS code, coalesce("depreciation_runs"."month"::text, '') AS title) c
  ON CONFLICT (entity_type, entity_id) DO UPDATE SET region_id = EXCLUDED.region_id, code = EXCLUDED.code, title = EXCLUDED.title,
  subtitle = EXCLUDED.subtitle, status = EXCLUDED.status, search_text = EXCLUDED.search_text;

-- items
INSERT INTO search_index (entity_type, entity_id, region_id, code, title, subtitle, status, search_text)
  SELECT 'items'::text, "items".id, NULL::int, c.code, c.title, 'Item'::text, CASE WHEN "items"."active" THEN 'active' ELSE 'inactive' END, concat_ws(' ', c.code, c.title)
  FROM "items" CROSS JOIN LATERAL (SELECT "items"."article_number"::text AS code, coalesce("items"."item_name"::text, '') AS title) c
  ON CONFLICT (entity_type, entity_id) DO UPDATE SET region_id = EXCLUDED.region_id, code = EXCLUDED.code, title = EXCLUDED.title,
  subtitle = EXCLUDED.subtitle, status = EXCLUDED.status, search_text = EXCLUDED.search_text;

-- vendors
INSERT INTO search_index (entity_type, entity_id, region_id, code, title, subtitle, status, search_text)
  SELECT 'vendors'::text, "vendors".id, NULL::int, c.code, c.title, 'Vendor'::text, CASE WHEN "vendors"."active" THEN 'active' ELSE 'inactive' END, concat_ws(' ', c.code, c.title)
  FROM "vendors" CROSS JOIN LATERAL (SELECT NULL::text AS code, coalesce("vendors"."vendor_name"::text, '') AS title) c
  ON CONFLICT (entity_type, entity_id) DO UPDATE SET region_id = EXCLUDED.region_id, code = EXCLUDED.code, title = EXCLUDED.title,
  subtitle = EXCLUDED.subtitle, status = EXCLUDED.status, search_text = EXCLUDED.search_text;

-- customers
INSERT INTO search_index (entity_type, entity_id, region_id, code, title, subtitle, status, search_text)
  SELECT 'customers'::text, "customers".id, "customers"."region_id", c.code, c.title, 'Customer'::text, CASE WHEN "customers"."active" THEN 'active' ELSE 'inactive' END, concat_ws(' ', c.code, c.title)
  FROM "customers" CROSS JOIN LATERAL (SELECT NULL::text AS code, coalesce("customers"."customer_name"::text, '') AS title) c
  ON CONFLICT (entity_type, entity_id) DO UPDATE SET region_id = EXCLUDED.region_id, code = EXCLUDED.code, title = EXCLUDED.title,
  subtitle = EXCLUDED.subtitle, status = EXCLUDED.status, search_text = EXCLUDED.search_text;

