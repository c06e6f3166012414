import { createHash } from 'node:crypto';
import { type CompanySettings, companySettingsSchema, companySettingsUpdateSchema, type LogoKind, logoRules, messages } from '@erp/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { companyLogos, companySettings } from '../../db/schema/index.ts';
import { BadRequestError, NotFoundError } from '../../lib/app-error.ts';
import { parseInput } from '../../lib/validation.ts';
import { actorOf, audit } from '../../plugins/audit.ts';
import { imageMimeOf } from './logo-file.ts';
import { readCompanySettings } from './settings.repository.ts';

export async function updateSettings(request: FastifyRequest): Promise<CompanySettings> {
  // The form sends back what GET gave it; the logo URLs are managed by their own routes.
  const { rectangleLogo: _r, squareLogo: _s, ...body } = (request.body ?? {}) as Record<string, unknown>;
  const { db, company } = request.server.ctx;
  const settings = await db.transaction(async (tx) => {
    const before = await readCompanySettings(tx);
    const [existing] = await tx.select({ id: companySettings.id }).from(companySettings).limit(1).for('update');
    // Stored settings change by the fields sent only; the first save fills the rest with defaults.
    if (existing) await tx.update(companySettings).set({ ...parseInput(companySettingsUpdateSchema, body), updatedAt: sql`now()` }).where(eq(companySettings.id, existing.id));
    else await tx.insert(companySettings).values(parseInput(companySettingsSchema, body));
    const after = await readCompanySettings(tx);
    await audit(tx, actorOf(request), { action: 'update', resource: 'settings', recordId: 1, before, after });
    return after;
  });
  company.invalidate();
  return settings;
}

/** Reads the multipart field `file`: 1 MB at most, PNG, JPEG or WebP by content. */
async function readLogoUpload(request: FastifyRequest): Promise<{ bytes: Buffer; mime: string }> {
  let bytes: Buffer | undefined;
  try {
    const file = await request.file({ limits: { fileSize: logoRules.maxBytes, files: 1 } });
    if (file) bytes = await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new BadRequestError({ file: messages.logoTooLarge });
    throw new BadRequestError({ file: messages.logoMissing });
  }
  if (!bytes || bytes.length === 0) throw new BadRequestError({ file: messages.logoMissing });
  const mime = imageMimeOf(bytes);
  if (!mime) throw new BadRequestError({ file: messages.logoType });
  return { bytes, mime };
}

export async function saveLogo(request: FastifyRequest, kind: LogoKind): Promise<CompanySettings> {
  const { bytes, mime } = await readLogoUpload(request);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const { db, company } = request.server.ctx;
  const settings = await db.transaction(async (tx) => {
    await tx
      .insert(companyLogos)
      .values({ kind, mime, bytes, sha256 })
      .onConflictDoUpdate({ target: companyLogos.kind, set: { mime, bytes, sha256, updatedAt: sql`now()` } });
    await audit(tx, actorOf(request), { action: 'upload-logo', resource: 'settings', recordId: kind, after: { kind, mime, size: bytes.length, sha256 } });
    return readCompanySettings(tx);
  });
  company.invalidate();
  return settings;
}

export async function removeLogo(request: FastifyRequest, kind: LogoKind): Promise<CompanySettings> {
  const { db, company } = request.server.ctx;
  const settings = await db.transaction(async (tx) => {
    const removed = await tx.delete(companyLogos).where(eq(companyLogos.kind, kind)).returning({ sha256: companyLogos.sha256 });
    if (removed.length === 0) throw new NotFoundError();
    await audit(tx, actorOf(request), { action: 'remove-logo', resource: 'settings', recordId: kind, before: { kind, sha256: removed[0]!.sha256 } });
    return readCompanySettings(tx);
  });
  company.invalidate();
  return settings;
}
