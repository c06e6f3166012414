import { type FbrEnvironment, type FbrSettings, type FbrSettingsInput, fbrMessages } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { type Database, type Executor, queryRows, type Tx } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { auditActorOf } from '../../lib/actor.ts';
import { ConflictError } from '../../lib/app-error.ts';
import { audit } from '../../plugins/audit.ts';
import { readSettingValues } from '../setup/setup.api.ts';
import type { FbrConnection } from './fbr-client.ts';
import { openToken, sealToken, secretsKey } from './fbr-secrets.ts';
import { sandboxReportsAwaitProduction } from './fbr-environment-switch.ts';

export interface StoredSettings {
  enabled: boolean;
  environment: FbrEnvironment;
  baseUrl: string;
  timeoutSeconds: number;
  retryBaseSeconds: number;
  concurrency: number;
  registeredAsRetailer: boolean;
  sandboxToken: string | null;
  productionToken: string | null;
}

/** The stored row (locked with `lock`: a PUT and the check of what enabling needs see one version). */
export async function readStoredSettings(executor: Executor, lock = false): Promise<StoredSettings> {
  const [row] = await queryRows<StoredSettings>(
    executor,
    sql`SELECT enabled, environment, base_url AS "baseUrl", timeout_seconds AS "timeoutSeconds", retry_base_seconds AS "retryBaseSeconds",
               concurrency, registered_as_retailer AS "registeredAsRetailer", sandbox_token AS "sandboxToken", production_token AS "productionToken"
        FROM fbr_settings ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  return row!;
}

/** FBR_BASE_URL, when the server has it, wins over the stored URL: tests and the demo point it at a fake. */
export function baseUrlFromEnv(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const value = env.FBR_BASE_URL?.trim();
  return value ? value.replace(/\/+$/, '') : undefined;
}

export function settingsAnswer(stored: StoredSettings): FbrSettings {
  const fromEnv = baseUrlFromEnv();
  return {
    enabled: stored.enabled,
    environment: stored.environment,
    baseUrl: stored.baseUrl,
    effectiveBaseUrl: fromEnv ?? stored.baseUrl,
    baseUrlFromEnv: fromEnv !== undefined,
    timeoutSeconds: Number(stored.timeoutSeconds),
    retryBaseSeconds: Number(stored.retryBaseSeconds),
    concurrency: Number(stored.concurrency),
    registeredAsRetailer: stored.registeredAsRetailer,
    sandboxTokenSet: stored.sandboxToken !== null,
    productionTokenSet: stored.productionToken !== null,
  };
}

/** What enabling needs and is missing: the company's registrations and the chosen environment's token. */
async function enablingNeeds(tx: Tx, environment: FbrEnvironment, tokenSet: boolean): Promise<Record<string, string>> {
  const company = await readSettingValues(tx, ['ntn', 'province', 'businessActivity']);
  const missing: Record<string, string> = {};
  if (!company.ntn) missing.ntn = fbrMessages.ntnMissing;
  if (!company.province) missing.province = fbrMessages.provinceMissing;
  if (!company.businessActivity) missing.businessActivity = fbrMessages.activityMissing;
  if (!tokenSet) missing[`${environment}Token`] = fbrMessages.tokenMissing(environment);
  return missing;
}

/**
 * PUT /api/fbr/settings: the fields given, tokens sealed (`''` clears one). The audit row records
 * which fields changed and, of a token, only that it changed; with the switch to production, how
 * many sandbox reports now wait for a person.
 */
export async function updateFbrSettings(
  tx: Tx,
  database: Pick<Database, 'kind' | 'location'>,
  actor: Actor,
  input: FbrSettingsInput,
): Promise<{ settings: FbrSettings; awaitingProduction: number }> {
  const before = await readStoredSettings(tx, true);
  const next: StoredSettings = { ...before };
  const { sandboxToken, productionToken, ...plain } = input;
  Object.assign(next, Object.fromEntries(Object.entries(plain).filter(([, value]) => value !== undefined)));
  const tokens: Partial<Record<FbrEnvironment, string | null>> = {};
  for (const [environment, given] of [['sandbox', sandboxToken], ['production', productionToken]] as const) {
    if (given === undefined) continue;
    tokens[environment] = given === '' ? null : sealToken(await secretsKey(database), environment, given);
    next[environment === 'sandbox' ? 'sandboxToken' : 'productionToken'] = tokens[environment]!;
  }
  // A token goes only where it was given: a new base URL takes the tokens again. Otherwise whoever
  // holds an admin's session could point the URL at a host of their own and read the write-only
  // tokens off the next request.
  if (next.baseUrl !== before.baseUrl) {
    for (const environment of ['sandbox', 'production'] as const) {
      const key = environment === 'sandbox' ? 'sandboxToken' : 'productionToken';
      if (tokens[environment] !== undefined || next[key] === null) continue;
      next[key] = null;
      tokens[environment] = null;
    }
  }
  if (next.enabled) {
    const missing = await enablingNeeds(tx, next.environment, (next.environment === 'sandbox' ? next.sandboxToken : next.productionToken) !== null);
    if (Object.keys(missing).length > 0) throw new ConflictError(fbrMessages.enableNeeds(Object.values(missing)), missing);
  }
  await tx.execute(sql`
    UPDATE fbr_settings SET enabled = ${next.enabled}, environment = ${next.environment}, base_url = ${next.baseUrl},
           timeout_seconds = ${next.timeoutSeconds}, retry_base_seconds = ${next.retryBaseSeconds}, concurrency = ${next.concurrency},
           registered_as_retailer = ${next.registeredAsRetailer}, sandbox_token = ${next.sandboxToken}, production_token = ${next.productionToken},
           updated_at = now()`);
  // From the sandbox to production: what the sandbox holds waits for a person (fbr-environment-switch.ts).
  const awaitingProduction = before.environment === 'sandbox' && next.environment === 'production' ? await sandboxReportsAwaitProduction(tx) : 0;
  const changed = Object.keys(plain).filter((key) => plain[key as keyof typeof plain] !== undefined && plain[key as keyof typeof plain] !== before[key as keyof StoredSettings]);
  const beforeShown = Object.fromEntries(changed.map((key) => [key, before[key as keyof StoredSettings]]));
  const afterShown: Record<string, unknown> = Object.fromEntries(changed.map((key) => [key, next[key as keyof StoredSettings]]));
  for (const environment of Object.keys(tokens) as FbrEnvironment[]) afterShown[`${environment}Token`] = tokens[environment] === null ? 'cleared' : 'changed';
  if (awaitingProduction > 0) afterShown.sandboxReportsAwaitingProduction = awaitingProduction;
  await audit(tx, auditActorOf(actor), { action: 'update', resource: 'fbr-settings', recordId: 1, before: beforeShown, after: afterShown });
  return { settings: settingsAnswer(next), awaitingProduction };
}

/**
 * Where and how to call FBR for `environment` (a submission's own, which may differ from today's
 * setting): null when its token is not set or cannot be opened with this server's key.
 */
export async function connectionFor(
  executor: Executor,
  database: Pick<Database, 'kind' | 'location'>,
  environment: FbrEnvironment,
  stored?: StoredSettings,
): Promise<FbrConnection | null> {
  // A caller that has just read the row (a sender's pass, a refresh) hands it over instead of a second read.
  const settings = stored ?? (await readStoredSettings(executor));
  const sealed = environment === 'sandbox' ? settings.sandboxToken : settings.productionToken;
  if (sealed === null) return null;
  let token: string | null;
  try {
    token = openToken(await secretsKey(database), environment, sealed);
  } catch {
    return null;
  }
  if (token === null) return null;
  return { baseUrl: baseUrlFromEnv() ?? settings.baseUrl, token, environment, timeoutSeconds: Number(settings.timeoutSeconds) };
}
