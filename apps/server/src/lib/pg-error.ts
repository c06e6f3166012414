/** The PostgreSQL error behind a driver or Drizzle error (Drizzle wraps it as `cause`). */
export interface PgErrorFields {
  code: string;
  constraint?: string;
  table?: string;
  detail?: string;
}

export function pgErrorOf(error: unknown): PgErrorFields | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate as PgErrorFields;
    current = candidate.cause;
  }
  return undefined;
}

export const pgCodes = { uniqueViolation: '23505', foreignKeyViolation: '23503', restrictViolation: '23001', checkViolation: '23514', exclusionViolation: '23P01' } as const;

/**
 * A row still referenced: PostgreSQL reports a refused delete as a foreign-key violation
 * (23503) or, under `ON DELETE RESTRICT`, as a restrict violation (23001).
 */
export function isReferenceViolation(code: string | undefined): boolean {
  return code === pgCodes.foreignKeyViolation || code === pgCodes.restrictViolation;
}

/** How the API answers a refusal by one named constraint (a check or an exclusion the generic mapping cannot word). */
export interface ConstraintRefusal {
  status: 400 | 409;
  message: string;
  errors?: Record<string, string>;
}

/** Constraint name -> its answer, from the error's `detail` (which names the conflicting key). */
const constraintRefusals = new Map<string, (detail: string | undefined) => ConstraintRefusal>();

export function registerConstraintRefusal(name: string, describe: (detail: string | undefined) => ConstraintRefusal): void {
  constraintRefusals.set(name, describe);
}

export function constraintRefusalOf(error: PgErrorFields): ConstraintRefusal | undefined {
  return error.constraint ? constraintRefusals.get(error.constraint)?.(error.detail) : undefined;
}

/** Unique constraint or index name -> the field it guards and its label, filled by each resource at registration. */
const uniqueConstraints = new Map<string, { field: string; label: string }>();
/** Table name -> title of the resource stored there, to say who uses a record. */
const tableTitles = new Map<string, string>();

export function registerUniqueConstraint(name: string, field: string, label: string): void {
  uniqueConstraints.set(name, { field, label });
}

export function registerTableTitle(table: string, title: string): void {
  tableTitles.set(table, title);
}

export function uniqueConstraintField(name: string | undefined): { field: string; label: string } | undefined {
  return name ? uniqueConstraints.get(name) : undefined;
}

export function titleOfTable(table: string | undefined): string | undefined {
  return table ? tableTitles.get(table) : undefined;
}

/** The resource title of the table a constraint named `<table>_<columns>_fkey` lives on. */
export function titleOfConstraint(constraint: string | undefined): string | undefined {
  if (!constraint) return undefined;
  let best: { table: string; title: string } | undefined;
  for (const [table, title] of tableTitles) {
    if (constraint.startsWith(`${table}_`) && (!best || table.length > best.table.length)) best = { table, title };
  }
  return best?.title;
}
