import { createHash } from 'node:crypto';
import { fbrLogoRules, fbrMessages } from '@erp/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Executor, Tx } from '../../db/client.ts';
import { fbrLogo } from '../../db/schema/fbr.ts';
import { type Actor, auditActorOf } from '../../lib/actor.ts';
import { BadRequestError, NotFoundError } from '../../lib/app-error.ts';
import { audit } from '../../plugins/audit.ts';
import { imageMimeOf } from '../setup/setup.api.ts';

export interface FbrLogoUpload {
  bytes: Buffer;
  mime: (typeof fbrLogoRules.mimeTypes)[number];
}

export interface StoredFbrLogo extends FbrLogoUpload {
  sha256: string;
  updatedAt: Date;
}

/** What the answers and the audit say of a logo: never its bytes. */
export const fbrLogoFacts = (logo: Pick<StoredFbrLogo, 'mime' | 'bytes' | 'sha256'>) => ({ mimeType: logo.mime, size: logo.bytes.length, sha256: logo.sha256 });

/** The uploaded logo, or undefined before the admin uploads one (nothing of FBR's mark prints then). */
export async function readFbrLogo(executor: Executor): Promise<StoredFbrLogo | undefined> {
  const [row] = await executor.select({ mime: fbrLogo.mime, bytes: fbrLogo.bytes, sha256: fbrLogo.sha256, updatedAt: fbrLogo.updatedAt }).from(fbrLogo);
  return row as StoredFbrLogo | undefined;
}

/**
 * The multipart field `file` of an upload: PNG or JPEG by its first bytes (never the name or the
 * type a browser declares), 512 KB at most; 400 naming `file` otherwise. WebP, which the company's
 * logo may be, is refused: PDF embeds only PNG and JPEG as they are.
 */
export async function readFbrLogoUpload(request: FastifyRequest): Promise<FbrLogoUpload> {
  let bytes: Buffer | undefined;
  try {
    const file = await request.file({ limits: { fileSize: fbrLogoRules.maxBytes, files: 1 } });
    if (file) bytes = await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new BadRequestError({ file: fbrMessages.logoTooLarge });
    throw new BadRequestError({ file: fbrMessages.logoMissing });
  }
  if (!bytes || bytes.length === 0) throw new BadRequestError({ file: fbrMessages.logoMissing });
  const mime = imageMimeOf(bytes);
  if (mime !== 'image/png' && mime !== 'image/jpeg') throw new BadRequestError({ file: fbrMessages.logoType });
  return { bytes, mime };
}

/** Replaces the logo; audited as the settings' PUT is (`fbr-settings`), by its type, size and hash. */
export async function saveFbrLogo(tx: Tx, actor: Actor, upload: FbrLogoUpload): Promise<ReturnType<typeof fbrLogoFacts>> {
  const sha256 = createHash('sha256').update(upload.bytes).digest('hex');
  const before = await readFbrLogo(tx);
  await tx
    .insert(fbrLogo)
    .values({ mime: upload.mime, bytes: upload.bytes, sha256 })
    .onConflictDoUpdate({ target: fbrLogo.id, set: { mime: upload.mime, bytes: upload.bytes, sha256, updatedAt: sql`now()` } });
  const after = fbrLogoFacts({ ...upload, sha256 });
  await audit(tx, auditActorOf(actor), { action: 'upload-logo', resource: 'fbr-settings', recordId: 1, before: before ? fbrLogoFacts(before) : null, after });
  return after;
}

/** Removes the logo (404 when there is none): accepted documents then print their number and QR code alone. */
export async function removeFbrLogo(tx: Tx, actor: Actor): Promise<void> {
  const removed = await tx.delete(fbrLogo).where(eq(fbrLogo.id, true)).returning({ mime: fbrLogo.mime, bytes: fbrLogo.bytes, sha256: fbrLogo.sha256 });
  if (removed.length === 0) throw new NotFoundError();
  await audit(tx, auditActorOf(actor), { action: 'remove-logo', resource: 'fbr-settings', recordId: 1, before: fbrLogoFacts(removed[0] as StoredFbrLogo), after: null });
}
