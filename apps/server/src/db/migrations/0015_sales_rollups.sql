-- Two rollups of the monthly sales summary (0014) for the sales reports (issue 8, section 5).
-- A year of 1,000,000 invoice lines leaves ~335,000 summary rows (one per month, item and
-- customer): summing them per request took 200 to 320 ms. Most reports need either the item
-- or the customer, not both:
--   sales_summary_by_item      (month, item): ~24,000 rows a year (2,000 items): the report by
--                              item or month, unfiltered or narrowed by item or category;
--   sales_summary_by_customer  (month, region, customer, salesperson): ~3,600 rows a year (300
--                              customers): by month, region, customer or salesperson, with
--                              their filters and the regions row scope.
-- The rest (an item and a customer, region or salesperson together) reads the summary itself
-- through its indexes. Both are derived like account_daily_totals: kept by statement triggers
-- on the summary whoever writes it (postings, bulk loads, a restore), skipped by backups.
-- Amounts are unconstrained numeric (sums of many 2-place rows, still 2 places), as there.
CREATE TABLE sales_summary_by_item (
  month date NOT NULL,
  item_id integer NOT NULL,
  quantity bigint NOT NULL DEFAULT 0,
  value numeric NOT NULL DEFAULT 0,
  cost numeric NOT NULL DEFAULT 0,
  returned_quantity bigint NOT NULL DEFAULT 0,
  returned_value numeric NOT NULL DEFAULT 0,
  PRIMARY KEY (month, item_id)
) WITH (fillfactor = 80);

CREATE TABLE sales_summary_by_customer (
  month date NOT NULL,
  region_id integer NOT NULL,
  customer_id integer NOT NULL,
  salesperson_id integer,
  quantity bigint NOT NULL DEFAULT 0,
  value numeric NOT NULL DEFAULT 0,
  cost numeric NOT NULL DEFAULT 0,
  returned_quantity bigint NOT NULL DEFAULT 0,
  returned_value numeric NOT NULL DEFAULT 0,
  CONSTRAINT sales_summary_by_customer_key UNIQUE NULLS NOT DISTINCT (month, region_id, customer_id, salesperson_id)
) WITH (fillfactor = 80);

-- What one statement changed in the summary, signed (an update counts new less old), added to
-- both rollups in key order, so two postings lock the rollup rows they share in one order.
-- The array is of the summary's own row type: its columns in their declared order.
CREATE FUNCTION sales_summary_roll_up() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  deltas sales_summary[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    deltas := ARRAY(SELECT n FROM new_rows n);
  ELSIF TG_OP = 'UPDATE' THEN
    deltas := ARRAY(
      SELECT ROW(n.month, n.item_id, n.region_id, n.customer_id, n.salesperson_id,
                 n.quantity, n.value, n.cost, n.returned_quantity, n.returned_value)::sales_summary
      FROM new_rows n
      UNION ALL
      SELECT ROW(o.month, o.item_id, o.region_id, o.customer_id, o.salesperson_id,
                 -o.quantity, -o.value, -o.cost, -o.returned_quantity, -o.returned_value)::sales_summary
      FROM old_rows o);
  ELSE
    deltas := ARRAY(
      SELECT ROW(o.month, o.item_id, o.region_id, o.customer_id, o.salesperson_id,
                 -o.quantity, -o.value, -o.cost, -o.returned_quantity, -o.returned_value)::sales_summary
      FROM old_rows o);
  END IF;
  INSERT INTO sales_summary_by_item AS t (month, item_id, quantity, value, cost, returned_quantity, returned_value)
    SELECT month, item_id, sum(quantity), sum(value), sum(cost), sum(returned_quantity), sum(returned_value)
    FROM unnest(deltas) GROUP BY month, item_id ORDER BY month, item_id
  ON CONFLICT (month, item_id) DO UPDATE
    SET quantity = t.quantity + excluded.quantity, value = t.value + excluded.value, cost = t.cost + excluded.cost,
        returned_quantity = t.returned_quantity + excluded.returned_quantity, returned_value = t.returned_value + excluded.returned_value;
  INSERT INTO sales_summary_by_customer AS t (month, region_id, customer_id, salesperson_id, quantity, value, cost, returned_quantity, returned_value)
    SELECT month, region_id, customer_id, salesperson_id, sum(quantity), sum(value), sum(cost), sum(returned_quantity), sum(returned_value)
    FROM unnest(deltas) GROUP BY month, region_id, customer_id, salesperson_id ORDER BY month, region_id, customer_id, salesperson_id
  ON CONFLICT ON CONSTRAINT sales_summary_by_customer_key DO UPDATE
    SET quantity = t.quantity + excluded.quantity, value = t.value + excluded.value, cost = t.cost + excluded.cost,
        returned_quantity = t.returned_quantity + excluded.returned_quantity, returned_value = t.returned_value + excluded.returned_value;
  RETURN NULL;
END;
$$;

CREATE TRIGGER sales_summary_roll_up_insert AFTER INSERT ON sales_summary
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_summary_roll_up();
CREATE TRIGGER sales_summary_roll_up_update AFTER UPDATE ON sales_summary
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_summary_roll_up();
CREATE TRIGGER sales_summary_roll_up_delete AFTER DELETE ON sales_summary
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_summary_roll_up();

-- The customer rollup by region (filters and the regions row scope) and by salesperson;
-- its key leads with the month, which every report narrows by.
CREATE INDEX sales_summary_by_customer_region_idx ON sales_summary_by_customer (region_id, month);
CREATE INDEX sales_summary_by_customer_customer_idx ON sales_summary_by_customer (customer_id, month);
