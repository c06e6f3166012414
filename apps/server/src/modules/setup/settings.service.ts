import { createHash } from 'node:crypto';
import { type CompanySettings, type LogoKind, settingsSchemasOf } from '@erp/domain';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { companyLogos } from '../../db/schema/index.ts';
import { type Actor, auditActorOf } from '../../lib/actor.ts';
import { NotFoundError } from '../../lib/app-error.ts';
import { audit } from '../../plugins/audit.ts';
import { readCompanySettings } from './settings.repository.ts';
import { writeSettingValues } from './setting-values.ts';

/** What the settings services need besides the database: the cached public company, renewed after a change, and the areas' sections. */
type SettingsContext = Pick<AppContext, 'db' | 'company' | 'areas'>;

/**
 * Changes the fields sent (as the route validated them against the app's sections), the others
 * stay; the first save (no row yet) fills the rest with defaults.
 */
export async function updateSettings(ctx: SettingsContext, actor: Actor, input: Readonly<Record<string, unknown>>): Promise<CompanySettings> {
  const { db, company } = ctx;
  const { settings } = ctx.areas;
  const saved = await db.transaction(async (tx) => {
    const before = await readCompanySettings(tx, settings);
    await writeSettingValues(tx, input, (values) => settingsSchemasOf(settings).whole.parse(values));
    const after = await readCompanySettings(tx, settings);
    await audit(tx, auditActorOf(actor), { action: 'update', resource: 'settings', recordId: 1, before, after });
    return after;
  });
  company.invalidate();
  return saved;
}

/** Saves an image already checked by its kind (`readLogoUpload` in logo-file.ts). */
export async function saveLogo(ctx: SettingsContext, actor: Actor, kind: LogoKind, upload: { bytes: Buffer; mime: string }): Promise<CompanySettings> {
  const { bytes, mime } = upload;
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const { db, company } = ctx;
  const settings = await db.transaction(async (tx) => {
    await tx
      .insert(companyLogos)
      .values({ kind, mime, bytes, sha256 })
      .onConflictDoUpdate({ target: companyLogos.kind, set: { mime, bytes, sha256, updatedAt: sql`now()` } });
    await audit(tx, auditActorOf(actor), { action: 'upload-logo', resource: 'settings', recordId: kind, after: { kind, mime, size: bytes.length, sha256 } });
    return readCompanySettings(tx, ctx.areas.settings);
  });
  company.invalidate();
  return settings;
}

export async function removeLogo(ctx: SettingsContext, actor: Actor, kind: LogoKind): Promise<CompanySettings> {
  const { db, company } = ctx;
  const settings = await db.transaction(async (tx) => {
    const removed = await tx.delete(companyLogos).where(eq(companyLogos.kind, kind)).returning({ sha256: companyLogos.sha256 });
    if (removed.length === 0) throw new NotFoundError();
    await audit(tx, auditActorOf(actor), { action: 'remove-logo', resource: 'settings', recordId: kind, before: { kind, sha256: removed[0]!.sha256 } });
    return readCompanySettings(tx, ctx.areas.settings);
  });
  company.invalidate();
  return settings;
}
