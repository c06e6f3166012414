import { createSigner } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../test/test-app.ts';

const secret = 'auth-test-secret-auth-test-secret';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jwtSecret: secret });
});
afterAll(async () => t?.close());

const signed = (payload: Record<string, unknown>) => createSigner({ key: secret, algorithm: 'HS256', expiresIn: 60_000 })(payload);
const verify = (token: string) => t.app.inject({ method: 'POST', url: '/api/verify-token', headers: bearer(token) });

describe('a well-signed token whose subject is not a user id (issue 17)', () => {
  it('answers 401, whatever the subject: a float, beyond an int, not a number, zero', async () => {
    for (const sub of ['1e30', '2147483648', '99999999999', 'abc', '0', '-1', '1.5', ' 1', '']) {
      const response = await verify(signed({ sub, pv: 0 }));
      expect(response.statusCode, `sub ${JSON.stringify(sub)}: ${response.body}`).toBe(401);
    }
  });

  it('answers 401 for an assumed token whose admin is not a user id', async () => {
    const response = await verify(signed({ sub: '1', pv: 0, act: { sub: '1e30', pv: 0 } }));
    expect(response.statusCode, response.body).toBe(401);
  });

  it('still lets the signed-in user in', async () => {
    expect((await verify(t.adminToken)).statusCode).toBe(200);
  });
});
