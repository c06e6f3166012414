import { type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';

/** Who did it: the acting user, the real user behind an assumed session (or the same user), and from where. */
export interface AuditActor {
  actorUserId: number | null;
  realUserId: number | null;
  ip: string | null;
}

export interface AuditEntry {
  action: string;
  resource: string;
  recordId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

export function actorOf(request: FastifyRequest): AuditActor {
  const auth = request.auth;
  return {
    actorUserId: auth?.user.id ?? null,
    realUserId: auth ? (auth.realUser?.id ?? auth.user.id) : null,
    ip: request.ip ?? null,
  };
}

function auditValues(actor: AuditActor, entry: AuditEntry) {
  return {
    actorUserId: actor.actorUserId,
    realUserId: actor.realUserId,
    ip: actor.ip,
    action: entry.action,
    resource: entry.resource,
    recordId: entry.recordId === undefined || entry.recordId === null ? null : String(entry.recordId),
    before: toJson(entry.before),
    after: toJson(entry.after),
  };
}

/** Written with the change, in the same transaction: a write and its audit row commit or fail together. */
export async function audit(executor: Executor, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await executor.insert(auditLog).values(auditValues(actor, entry));
}

/**
 * The audit row as a statement to embed in another (a posting's single statement), its
 * `after` extended with values only that statement knows, such as the document number.
 */
export function auditStatement(actor: AuditActor, entry: AuditEntry, afterSql: Record<string, SQL>): SQL {
  const pairs = Object.entries(afterSql).map(([key, value]) => sql`${key}::text, ${value}`);
  const recordId = entry.recordId === undefined || entry.recordId === null ? null : String(entry.recordId);
  // The JSON text goes to the statement as is: one serialisation, not an object made to be serialised again.
  return sql`INSERT INTO audit_log (actor_user_id, real_user_id, ip, action, resource, record_id, before, after)
    VALUES (${actor.actorUserId}::int, ${actor.realUserId}::int, ${actor.ip}::text, ${entry.action}::text, ${entry.resource}::text, ${recordId}::text,
            ${jsonText(entry.before)}::jsonb,
            coalesce(${jsonText(entry.after)}::jsonb, '{}'::jsonb) || jsonb_build_object(${sql.join(pairs, sql`, `)}))`;
}

/**
 * Audit rows of many records at once (payments written in bulk), as a statement to embed in
 * another: one row per row of `rows`, a SELECT answering record_id (text), before and after (jsonb).
 */
export function auditRowsStatement(actor: AuditActor, action: string, resource: string, rows: SQL): SQL {
  return sql`INSERT INTO audit_log (actor_user_id, real_user_id, ip, action, resource, record_id, before, after)
    SELECT ${actor.actorUserId}::int, ${actor.realUserId}::int, ${actor.ip}::text, ${action}::text, ${resource}::text, r.record_id, r.before, r.after
    FROM (${rows}) AS r(record_id, before, after)`;
}

/** Dates as ISO strings, buffers dropped: the audit keeps what a person can read. */
const readable = (_key: string, v: unknown) => (v && typeof v === 'object' && 'type' in v && (v as { type: unknown }).type === 'Buffer' ? undefined : v);

function jsonText(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value, readable);
}

function toJson(value: unknown): unknown {
  const text = jsonText(value);
  return text === null ? null : JSON.parse(text);
}
