/** What a recall's actions change beyond the recall: the lots' status and quantities, the lot pickers, the adjustments. */
export const inventoryLists: readonly (readonly unknown[])[] = [['inventory'], ['options', 'inventory'], ['stock-adjustments']];
