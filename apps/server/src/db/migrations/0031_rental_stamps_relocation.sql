-- Issue 21: reagent sales stamped with the rental agreement they count towards (then its
-- venture), and relocation of a placed unit from one agreement's site to another's.

-- A relocation is a placement of the new agreement whose unit stood at the old one's site: it
-- names the placement it ended. Its fixed asset is the old placement's (placements.asset_id):
-- the depreciation runs split a month between the placements of one asset by days.
ALTER TABLE placements ADD COLUMN relocated_from_id integer REFERENCES placements (id);
CREATE INDEX placements_asset_idx ON placements (asset_id) WHERE asset_id IS NOT NULL;
DROP TRIGGER placements_keep_unless_editable ON placements;
CREATE TRIGGER placements_keep_unless_editable BEFORE UPDATE OR DELETE ON placements
  FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable('draft', '', '',
    'status,updated_at,posted_at,posted_by,cancelled_at,cancelled_by,reversal_id,site_inventory_id,unit_cost,asset_id,ended_on,relocated_from_id');

-- The stamps of a sale's lines (issue 21, section 3, "Stamping"), aligned with `items` (an
-- empty array answering one line): the first `n` entries the rental agreement each line counts
-- towards (the customer's agreement in use on `on_date` whose eligible items or categories
-- hold the line's item; both lists empty: every item), the next `n` its venture by
-- joint_ventures_in_scope (the agreement's own, else the scope rules, agreement included).
-- One call inside the posting's own read; a customer with no agreement in use costs one
-- indexed probe more than before (invoices/s, issue 21 section 5).
CREATE FUNCTION sale_stamps(on_date date, customer integer, region integer, items integer[])
RETURNS integer[] LANGUAGE plpgsql STABLE AS $$
DECLARE
  n integer := greatest(cardinality(items), 1);
  agreements integer[];
  ventures integer[] := '{}';
  i integer;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM rental_agreements WHERE customer_id = customer AND activated_at IS NOT NULL AND status IN ('active', 'suspended', 'ended')
                 AND billing_model = 'minimumPurchase') THEN
    RETURN array_fill(NULL::int, ARRAY[n]) || joint_ventures_in_scope(on_date, customer, region, items, NULL);
  END IF;
  SELECT array_agg((
    SELECT ra.id FROM rental_agreements ra
    WHERE ra.customer_id = customer AND ra.activated_at IS NOT NULL AND ra.status IN ('active', 'suspended', 'ended') AND ra.billing_model = 'minimumPurchase'
      AND ra.document_date <= on_date AND (ra.end_date IS NULL OR ra.end_date >= on_date)
      AND ((cardinality(ra.eligible_item_ids) = 0 AND cardinality(ra.eligible_category_ids) = 0)
           OR x.item = ANY(ra.eligible_item_ids)
           OR (cardinality(ra.eligible_category_ids) > 0 AND EXISTS (SELECT 1 FROM items it WHERE it.id = x.item AND it.category_id = ANY(ra.eligible_category_ids))))
    ORDER BY ra.id LIMIT 1) ORDER BY x.ord) INTO agreements
  FROM unnest(CASE WHEN cardinality(items) = 0 THEN ARRAY[NULL::int] ELSE items END) WITH ORDINALITY AS x(item, ord);
  FOR i IN 1..n LOOP
    ventures := ventures || (joint_ventures_in_scope(on_date, customer, region, ARRAY[items[i]], agreements[i]))[1];
  END LOOP;
  RETURN agreements || ventures;
END;
$$;
