import type { GenericOption } from '@erp/domain';
import { formatDate } from '../../lib/dates.ts';

/** A lot as the pickers over `/api/inventory/options` show it: item, lot number, expiry and what is available. */
export function lotOptionText(option: GenericOption): string {
  const lot = option as GenericOption & { item?: { itemName: string }; lotNumber?: string; dateExpiry?: string | null; quantity?: number };
  const expiry = lot.dateExpiry ? `, expires ${formatDate(lot.dateExpiry)}` : '';
  return `${lot.item?.itemName ?? option.name} / ${lot.lotNumber || '(no lot)'}${expiry}, ${lot.quantity ?? 0} available`;
}
