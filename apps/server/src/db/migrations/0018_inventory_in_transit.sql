-- Transfers post at cost (issue 17, section 2): stock on its way between regions is held in
-- Inventory in transit, stamped with the destination's region, so each region's Inventory
-- and in-transit balances equal its lots' value. A chart made before gets the account and its
-- posting key here (the default chart has them for a new company), as 0016 did for money's.
-- A code 1210 already used for something else is left alone: the key then waits for a choice
-- in settings, and a dispatch says so (409).
INSERT INTO accounts (account_code, account_name, head_id, sub_head_id, kind)
SELECT '1210', 'Inventory in transit', head.id, sub.id, 'inventory'
FROM account_heads head
JOIN account_heads sub ON sub.head_name = 'Inventory' AND sub.parent_id = head.id
WHERE head.head_name = 'Assets' AND head.parent_id IS NULL
  AND NOT EXISTS (SELECT 1 FROM accounts a WHERE a.account_code = '1210');

INSERT INTO posting_accounts (key, account_id)
SELECT 'inventoryInTransit', a.id FROM accounts a
WHERE a.account_code = '1210' AND a.account_name = 'Inventory in transit'
ON CONFLICT (key) DO NOTHING;
