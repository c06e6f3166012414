import type { BusinessActivity, FbrReferenceKind, FbrScenarioResult, FbrSettings, FbrSettingsInput, TaxSector } from '@erp/domain';
import { fbrReferenceKinds } from '@erp/domain';
import { http } from '../../lib/http.ts';

/** The admin's FBR tab of /settings: the connection, the logo (read as the invoice views read it, fbr-api.ts), the reference data, the sandbox scenarios. */
export const fbrSettingsKeys = {
  settings: ['fbr', 'settings'] as const,
  reference: ['fbr', 'reference'] as const,
  scenarios: ['fbr', 'scenarios'] as const,
};

export async function fetchFbrSettings(): Promise<FbrSettings> {
  const { data } = await http.get<{ settings: FbrSettings }>('/api/fbr/settings');
  return data.settings;
}

export async function saveFbrSettings(input: FbrSettingsInput): Promise<{ message: string; settings: FbrSettings }> {
  const { data } = await http.put<{ message: string; settings: FbrSettings }>('/api/fbr/settings', input);
  return { message: data.message, settings: data.settings };
}

/** Multipart PUT, field `file`; the JSON content type must not be sent with a FormData body. */
export async function uploadFbrLogo(file: File): Promise<void> {
  const body = new FormData();
  body.append('file', file);
  await http.put('/api/fbr/settings/logo', body, { headers: { 'Content-Type': 'multipart/form-data' } });
}

export async function removeFbrLogo(): Promise<void> {
  await http.delete('/api/fbr/settings/logo');
}

/** How many rows of each list the cache holds, and when they were fetched (null: never). */
export type FbrReferenceCounts = Record<FbrReferenceKind, number> & { fetchedAt: string | null };

/** The cache as it stands: each list read (they are small), counted. Its shape is the refresh's answer. */
export async function fetchReferenceCounts(): Promise<FbrReferenceCounts> {
  const lists = await Promise.all(
    fbrReferenceKinds.map(async (kind) => (await http.get<{ rows: unknown[]; fetchedAt: string | null }>(`/api/fbr/reference/${kind}`)).data),
  );
  const counts = Object.fromEntries(fbrReferenceKinds.map((kind, index) => [kind, lists[index]!.rows.length])) as Record<FbrReferenceKind, number>;
  // One refresh stores every list at once: the first fetchedAt is every list's.
  return { ...counts, fetchedAt: lists[0]?.fetchedAt ?? null };
}

export async function refreshReference(): Promise<{ message: string; data: FbrReferenceCounts }> {
  const { data } = await http.post<{ message: string; data: FbrReferenceCounts }>('/api/fbr/reference/refresh', {});
  return data;
}

export interface FbrScenarioList {
  businessActivity: BusinessActivity;
  sector: TaxSector;
  registeredAsRetailer: boolean;
  scenarios: FbrScenarioResult[];
}

export async function fetchScenarios(): Promise<FbrScenarioList> {
  const { data } = await http.get<FbrScenarioList>('/api/fbr/scenarios');
  return { businessActivity: data.businessActivity, sector: data.sector, registeredAsRetailer: data.registeredAsRetailer, scenarios: data.scenarios };
}

/** 202: a job queues them; the list then shows them running. */
export async function runAllScenarios(): Promise<{ message: string }> {
  const { data } = await http.post<{ message: string }>('/api/fbr/scenarios/run', {});
  return data;
}

/** Answers once FBR has: passed or failed, the run made either way. */
export async function runScenario(scenarioId: string): Promise<{ message: string; scenario: FbrScenarioResult }> {
  const { data } = await http.post<{ message: string; scenario: FbrScenarioResult }>(`/api/fbr/scenarios/${scenarioId}/run`, {});
  return data;
}
