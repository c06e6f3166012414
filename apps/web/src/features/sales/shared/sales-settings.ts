import type { SalesSettings } from '@erp/domain';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

export const salesSettingsKey = ['sales-settings'] as const;

/** GET /api/sales/settings: the tax rate the sales forms apply (/api/settings is the admin's). */
export async function fetchSalesSettings(): Promise<SalesSettings> {
  const { data } = await http.get<{ settings: SalesSettings }>('/api/sales/settings');
  return data.settings;
}

/** The sales settings, read once a minute at most: a changed rate shows on the next form opened. */
export function useSalesSettings() {
  return useQuery({ queryKey: salesSettingsKey, queryFn: fetchSalesSettings, staleTime: 60_000 });
}
