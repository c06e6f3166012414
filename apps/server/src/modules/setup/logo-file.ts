import { logoRules, messages } from '@erp/domain';
import type { FastifyRequest } from 'fastify';
import { BadRequestError } from '../../lib/app-error.ts';

/** The image type by its first bytes, never by the name or the declared type a browser sends. */
export function imageMimeOf(bytes: Buffer): 'image/png' | 'image/jpeg' | 'image/webp' | undefined {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return undefined;
}

/** Reads the multipart field `file` of a logo upload: 1 MB at most, PNG, JPEG or WebP by content. */
export async function readLogoUpload(request: FastifyRequest): Promise<{ bytes: Buffer; mime: string }> {
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
