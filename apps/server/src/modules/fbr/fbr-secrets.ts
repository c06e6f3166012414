import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fbrMessages } from '@erp/domain';
import type { Database } from '../../db/client.ts';
import { ConflictError } from '../../lib/app-error.ts';

/**
 * The key FBR's tokens are sealed with (issue 30, section 1): SECRETS_KEY (at least 32
 * characters, hashed to 32 bytes) when set; else, on an embedded database in a directory, a key
 * file created beside it (the directory is private to the server's user); else, an in-memory
 * database (tests), a key of the process. PostgreSQL without SECRETS_KEY stores no token: the
 * key would have nowhere safe to live but the database it protects.
 */
const keyFileName = 'secrets.key';
let processKey: Buffer | undefined;
const fileKeys = new Map<string, Promise<Buffer>>();

async function keyFromFile(dataDir: string): Promise<Buffer> {
  const file = join(dataDir, keyFileName);
  try {
    const text = (await readFile(file, 'utf8')).trim();
    if (text.length >= 32) return createHash('sha256').update(text).digest();
    // Never replaced: tokens sealed with it would be lost. A person looks at the file.
    throw new Error(`${file} holds fewer than 32 characters: restore it, or remove it and enter the FBR tokens again`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const text = randomBytes(32).toString('base64url');
  // 'wx': two starts racing on a new directory keep the first one's key.
  try {
    await writeFile(file, `${text}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return keyFromFile(dataDir);
    throw error;
  }
  await chmod(file, 0o600);
  return createHash('sha256').update(text).digest();
}

export async function secretsKey(database: Pick<Database, 'kind' | 'location'>, env: NodeJS.ProcessEnv = process.env): Promise<Buffer> {
  const configured = env.SECRETS_KEY?.trim();
  if (configured) {
    if (configured.length < 32) throw new ConflictError(fbrMessages.secretsKey);
    return createHash('sha256').update(configured).digest();
  }
  if (database.kind === 'pglite' && database.location.startsWith('memory://')) return (processKey ??= randomBytes(32));
  if (database.kind === 'pglite') {
    let key = fileKeys.get(database.location);
    if (!key) {
      key = keyFromFile(database.location);
      fileKeys.set(database.location, key);
      // A failure (a permission) is tried again next time, not remembered.
      key.catch(() => fileKeys.delete(database.location));
    }
    return key;
  }
  throw new ConflictError(fbrMessages.secretsKey);
}

/** Seals a token for one environment: the environment is the associated data, so a sandbox token cannot be read back as production's. */
export function sealToken(key: Buffer, environment: string, token: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(`fbr:${environment}`));
  const text = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), text.toString('base64url')].join('.');
}

/** The token, or null when the sealed text was made with another key (SECRETS_KEY changed): the admin enters it again. */
export function openToken(key: Buffer, environment: string, sealed: string): string | null {
  const [version, iv, tag, text] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || text === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(`fbr:${environment}`));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(text, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
