import { http } from '../../lib/http.ts';

export async function resetPassword(userId: number, password: string): Promise<string> {
  const { data } = await http.post<{ message: string }>(`/api/users/${userId}/reset-password`, { password });
  return data.message;
}

/** An audit row as the server lists it; names of the users are read when present. */
export interface AuditRow {
  id: number;
  at?: string;
  createdAt?: string;
  action: string;
  resource: string;
  recordId?: string | null;
  actorUserId?: number | null;
  realUserId?: number | null;
  actor?: { name?: string; username?: string } | null;
  realUser?: { name?: string; username?: string } | null;
  actorName?: string | null;
  realUserName?: string | null;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
}

export async function fetchAuditLog(page: number, pageSize: number, search: string): Promise<{ data: AuditRow[]; total: number }> {
  const { data } = await http.get<{ data: AuditRow[]; total: number }>('/api/audit-log', {
    params: { page, pageSize, search: search || undefined },
  });
  return data;
}
