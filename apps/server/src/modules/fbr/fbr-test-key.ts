import { afterAll, beforeAll } from 'vitest';

/**
 * A test file's SECRETS_KEY: PostgreSQL keeps no token without a key of the server's (an embedded
 * test database uses a key of the process). Set before the file's setup, put back after it.
 */
export function useTestSecretsKey(): void {
  const before = process.env.SECRETS_KEY;
  beforeAll(() => {
    if (process.env.DATABASE_URL) process.env.SECRETS_KEY = 'a-test-key-of-at-least-thirty-two-characters';
  });
  afterAll(() => {
    if (before === undefined) delete process.env.SECRETS_KEY;
    else process.env.SECRETS_KEY = before;
  });
}
