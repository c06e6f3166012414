import {
  type ExcursionDispositionInput,
  type ExcursionListQuery,
  type ExcursionRow,
  type ExcursionStatus,
  formatDecimal,
  type TemperatureReadingInput,
  type TemperatureReadingRow,
} from '@erp/domain';
import { http } from '../../lib/http.ts';

export const coldChainKeys = {
  all: ['cold-chain'] as const,
  readings: (storageUnitId: number, from?: string, to?: string) => ['cold-chain', 'readings', storageUnitId, from ?? '', to ?? ''] as const,
  excursions: (query: ExcursionQuery) => ['cold-chain', 'excursions', query] as const,
  excursion: (id: number) => ['cold-chain', 'excursion', id] as const,
};

export interface ReadingsPage {
  data: TemperatureReadingRow[];
  nextAfter: string | null;
}

export const readingsPageSize = 50;

/** One keyset page of a unit's readings, oldest first; `from`/`to` are days in the company's zone. */
export async function fetchReadings(query: { storageUnitId: number; from?: string; to?: string; after?: string }): Promise<ReadingsPage> {
  const params = Object.fromEntries(Object.entries({ ...query, pageSize: readingsPageSize }).filter(([, value]) => value !== undefined && value !== ''));
  const { data } = await http.get<ReadingsPage>('/api/temperature-readings', { params });
  return { data: data.data, nextAfter: data.nextAfter };
}

export async function recordReading(body: TemperatureReadingInput): Promise<{ message: string; data: TemperatureReadingRow }> {
  const { data } = await http.post<{ message: string; data: TemperatureReadingRow }>('/api/temperature-readings', body);
  return data;
}

export type ExcursionQuery = Pick<ExcursionListQuery, 'page' | 'pageSize'> & Partial<Pick<ExcursionListQuery, 'status' | 'storageUnitId' | 'regionId'>>;

export async function fetchExcursions(query: ExcursionQuery): Promise<{ data: ExcursionRow[]; total: number }> {
  const params = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));
  const { data } = await http.get<{ data: ExcursionRow[]; total: number }>('/api/temperature-excursions', { params });
  return { data: data.data, total: data.total };
}

export async function fetchExcursion(id: number): Promise<ExcursionRow> {
  const { data } = await http.get<{ data: ExcursionRow }>(`/api/temperature-excursions/${id}`);
  return data.data;
}

export interface DispositionAnswer {
  message: string;
  data: ExcursionRow;
  /** Lots to be released that something else still holds, by inventory id: "recalled (RCL-...)". */
  stillBlocked: Record<string, string>;
}

export async function dispositionExcursion(id: number, body: ExcursionDispositionInput): Promise<DispositionAnswer> {
  const { data } = await http.post<DispositionAnswer>(`/api/temperature-excursions/${id}/disposition`, body);
  return data;
}

// The browser's own way of writing a date and time, in its own zone (the API answers UTC instants).

/** `9.5` -> `9.50 °C` (the API answers two decimals; shown so whatever it sends). */
export function formatTemperature(value: string | null | undefined): string {
  return value === null || value === undefined || value === '' ? '' : `${formatDecimal(value, 2)} °C`;
}

/** Whole minutes as hours and minutes: 90 -> `1 h 30 min`. */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

export const excursionStatusWords: Readonly<Record<ExcursionStatus, { label: string; colour: string }>> = {
  inProgress: { label: 'In progress', colour: 'red' },
  awaitingDisposition: { label: 'Awaiting disposition', colour: 'orange' },
  dispositioned: { label: 'Decided', colour: 'green' },
};

export const dispositionWords = { release: 'Release', quarantine: 'Quarantine', writeOff: 'Write off' } as const;

export const directionWords = { high: 'Above range', low: 'Below range', both: 'Above and below range' } as const;

/** A storage unit as the readings drawer and form need it. */
export interface UnitSummary {
  id: number;
  unitName: string;
  minC: string;
  maxC: string;
}
