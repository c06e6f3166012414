import { hash, verify } from '@node-rs/argon2';

/**
 * Argon2id cost. Production keeps the library defaults (19 MiB, 2 passes: OWASP's
 * recommendation); tests lower it to stay fast. Verification reads the cost from the hash.
 */
export interface PasswordHashingOptions {
  memoryCost?: number;
  timeCost?: number;
  parallelism?: number;
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** Spends the time of one verification, so an unknown username answers as slowly as a known one. */
  verifyNothing(password: string): Promise<void>;
}

/** @node-rs/argon2 declares `Algorithm` as a const enum, which isolated modules cannot read: 2 is Argon2id. */
const argon2id = 2;

export function createPasswordHasher(options: PasswordHashingOptions = {}): PasswordHasher {
  const hashOptions = { ...options, algorithm: argon2id };
  let dummyHash: Promise<string> | undefined;
  return {
    hash: (password) => hash(password, hashOptions),
    async verify(passwordHash, password) {
      try {
        return await verify(passwordHash, password);
      } catch {
        return false;
      }
    },
    async verifyNothing(password) {
      dummyHash ??= hash('not a password of anyone', hashOptions);
      await verify(await dummyHash, password).catch(() => false);
    },
  };
}
