import { bigint, boolean, customType, date, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Mirrors db/migrations/0045_fbr.sql. */
export const fbrSettings = pgTable('fbr_settings', {
  id: boolean('id').primaryKey().default(true),
  enabled: boolean('enabled').notNull().default(false),
  environment: text('environment').notNull().default('sandbox'),
  baseUrl: text('base_url').notNull(),
  timeoutSeconds: integer('timeout_seconds').notNull(),
  retryBaseSeconds: integer('retry_base_seconds').notNull(),
  concurrency: integer('concurrency').notNull(),
  registeredAsRetailer: boolean('registered_as_retailer').notNull(),
  sandboxToken: text('sandbox_token'),
  productionToken: text('production_token'),
  updatedAt: stamp('updated_at').notNull().defaultNow(),
});

export const fbrSubmissions = pgTable('fbr_submissions', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  documentType: text('document_type').notNull(),
  documentId: integer('document_id').notNull(),
  documentNumber: text('document_number').notNull(),
  documentDate: date('document_date', { mode: 'string' }).notNull(),
  customerName: text('customer_name').notNull(),
  regionId: integer('region_id').notNull(),
  invoiceType: text('invoice_type').notNull(),
  environment: text('environment').notNull(),
  payload: jsonb('payload').notNull(),
  status: text('status').notNull().default('queued'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: stamp('next_attempt_at').notNull().defaultNow(),
  lockedUntil: stamp('locked_until'),
  postStartedAt: stamp('post_started_at'),
  lastHttpStatus: integer('last_http_status'),
  lastError: text('last_error'),
  errors: jsonb('errors').notNull().default([]),
  response: jsonb('response'),
  fbrInvoiceNumber: text('fbr_invoice_number').unique(),
  lineNumbers: jsonb('line_numbers').notNull().default([]),
  resolution: text('resolution'),
  createdAt: stamp('created_at').notNull().defaultNow(),
  updatedAt: stamp('updated_at').notNull().defaultNow(),
});

export const fbrSubmissionLog = pgTable('fbr_submission_log', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  submissionId: integer('submission_id').notNull(),
  at: stamp('at').notNull().defaultNow(),
  step: text('step').notNull(),
  httpStatus: integer('http_status'),
  outcome: text('outcome').notNull(),
  errorCode: text('error_code'),
  userId: integer('user_id'),
});

/** Mirrors db/migrations/0046_fbr_reference.sql. */
export const fbrReference = pgTable('fbr_reference', {
  kind: text('kind').primaryKey(),
  rows: jsonb('rows').notNull(),
  fetchedAt: stamp('fetched_at').notNull(),
});

/** Mirrors db/migrations/0048_fbr_scenarios.sql. */
export const fbrScenarioRuns = pgTable('fbr_scenarios', {
  scenarioId: text('scenario_id').primaryKey(),
  status: text('status').notNull(),
  attempt: integer('attempt').notNull().default(1),
  payload: jsonb('payload'),
  response: jsonb('response'),
  error: text('error'),
  startedAt: stamp('started_at'),
  runningUntil: stamp('running_until'),
  ranAt: stamp('ran_at'),
  updatedAt: stamp('updated_at').notNull().defaultNow(),
});

/** bytea as a Node Buffer on both drivers (PGlite answers Uint8Array, pg answers Buffer). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({ dataType: () => 'bytea', fromDriver: (value) => Buffer.from(value), toDriver: (value) => value });

/** Mirrors db/migrations/0049_fbr_logo.sql. */
export const fbrLogo = pgTable('fbr_logo', {
  id: boolean('id').primaryKey().default(true),
  mime: text('mime').notNull(),
  bytes: bytea('bytes').notNull(),
  sha256: text('sha256').notNull(),
  updatedAt: stamp('updated_at').notNull().defaultNow(),
});
