import type { DashboardBoardId, DashboardResponse, DataTime, FigureDrill } from '@erp/domain';
import { http } from '../../lib/http.ts';

export const dashboardKeys = {
  board: (board: DashboardBoardId) => ['dashboard', board] as const,
};

export async function fetchBoard(board: DashboardBoardId): Promise<DashboardResponse & DataTime> {
  const { data } = await http.get<DashboardResponse & DataTime>('/api/dashboard', { params: { board } });
  return data;
}

/** A figure's list screen, with its filter, as an address. */
export function drillHref(drill: FigureDrill): string {
  const query = new URLSearchParams(drill.query).toString();
  return query ? `${drill.route}?${query}` : drill.route;
}
