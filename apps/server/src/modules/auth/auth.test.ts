import { messages } from '@erp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { assumedTokenLifetimeMs, mainTokenLifetimeMs } from '../../lib/tokens.ts';
import { bearer, createTestApp, type TestApp, testAdminPassword } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const login = (username: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress: ip });

function claimsOf(token: string): { exp: number; iat: number; sub: string; act?: { sub: string } } {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
}

describe('login', () => {
  it('signs in with the right password and answers the spec shape', async () => {
    const response = await login('admin', testAdminPassword);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ status: 200, message: messages.loginSuccess, user: { username: 'admin', role: 'admin', scopes: [], permissions: {} } });
    expect(body.user.company.companySettings).toEqual({ companyName: null, rectangleLogo: null });
    expect(typeof body.token).toBe('string');
    const claims = claimsOf(body.token);
    expect((claims.exp - claims.iat) * 1000).toBe(mainTokenLifetimeMs);
  });

  it('accepts the username in any case', async () => {
    expect((await login('ADMIN', testAdminPassword)).statusCode).toBe(200);
  });

  it('answers one message for a wrong password and an unknown user', async () => {
    const wrong = await login('admin', 'nope-nope', '10.0.0.2');
    const unknown = await login('nobody', 'nope-nope', '10.0.0.2');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ status: 401, message: messages.invalidCredentials });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('names the missing fields with the spec messages', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/login', payload: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: 400,
      message: messages.validationFailed,
      errors: { username: messages.usernameRequired, password: messages.passwordRequired },
    });
    const blank = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: '  ', password: '' } });
    expect(blank.json().errors).toEqual({ username: messages.usernameRequired, password: messages.passwordRequired });
  });

  it('refuses a disabled user', async () => {
    const user = await t.userWithRole('accountant', { password: 'Password@123' });
    await t.app.inject({ method: 'PUT', url: `/api/users/${user.id}`, headers: bearer(t.adminToken), payload: { active: false } });
    const response = await login(user.username, 'Password@123', '10.0.0.3');
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(messages.invalidCredentials);
  });

  it('answers 429 after too many failures for one username, even with the right password', async () => {
    const user = await t.userWithRole('auditor', { password: 'Password@123' });
    for (let i = 0; i < 10; i++) expect((await login(user.username, 'wrong-password', `10.1.0.${i}`)).statusCode).toBe(401);
    const blocked = await login(user.username, 'Password@123', '10.1.0.99');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ status: 429, message: messages.tooManyAttempts });
  });

  it("keeps a user signing in from an address they used before when others fail their name: only that address's own failures block it there", async () => {
    const user = await t.userWithRole('accountant', { password: 'Password@123' });
    expect((await login(user.username, 'Password@123', '10.9.0.1')).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expect((await login(user.username, 'wrong-password', `10.9.1.${i}`)).statusCode).toBe(401);
    // Locked out of new addresses, not out of their own.
    expect((await login(user.username, 'Password@123', '10.9.2.1')).statusCode).toBe(429);
    expect((await login(user.username, 'Password@123', '10.9.0.1')).statusCode).toBe(200);
    // Guessing from the known address is counted there.
    for (let i = 0; i < 10; i++) expect((await login(user.username, 'wrong-password', '10.9.0.1')).statusCode).toBe(401);
    expect((await login(user.username, 'Password@123', '10.9.0.1')).statusCode).toBe(429);
  });

  it('answers 429 after too many failures from one IP', async () => {
    for (let i = 0; i < 30; i++) await login(`someone${i}`, 'wrong-password', '10.2.0.1');
    expect((await login('admin', testAdminPassword, '10.2.0.1')).statusCode).toBe(429);
    expect((await login('admin', testAdminPassword, '10.2.0.2')).statusCode).toBe(200);
  });

  it('records successful and failed logins in the audit log', async () => {
    const rows = await t.database.db.select().from(auditLog);
    expect(rows.some((r) => r.action === 'login' && r.resource === 'auth')).toBe(true);
    const failed = rows.find((r) => r.action === 'login-failed');
    expect(failed).toBeDefined();
    expect(failed!.ip).toBeTruthy();
  });
});

describe('verify-token', () => {
  it('answers the user of a valid token', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/verify-token', headers: bearer(t.adminToken) });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ username: 'admin', role: 'admin', scopes: [] });
    expect(response.json().user.assumedBy).toBeUndefined();
  });

  it.each([
    ['missing', {}],
    ['malformed', { authorization: 'Bearer not-a-token' }],
    ['badly signed', { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl' }],
  ])('answers 401 for a %s token', async (_name, headers) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/verify-token', headers });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ status: 401, message: messages.sessionExpired });
  });

  it('answers 401 for an expired token', async () => {
    const token = t.app.ctx.tokens.signMain(1, Date.now() - mainTokenLifetimeMs - 60_000);
    expect((await t.app.inject({ method: 'POST', url: '/api/verify-token', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('stops the tokens of a disabled user at once', async () => {
    const user = await t.userWithRole('salesManager');
    expect((await t.app.inject({ method: 'POST', url: '/api/verify-token', headers: bearer(user.token) })).statusCode).toBe(200);
    const disable = await t.app.inject({ method: 'PUT', url: `/api/users/${user.id}`, headers: bearer(t.adminToken), payload: { active: false } });
    expect(disable.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/verify-token', headers: bearer(user.token) })).statusCode).toBe(401);
  });
});

describe('assume-role', () => {
  it('lets an admin act as another user for one hour, naming the admin', async () => {
    const target = await t.userWithRole('salesExecutive');
    const response = await t.app.inject({ method: 'POST', url: '/api/assume-role', headers: bearer(t.adminToken), payload: { userId: target.id } });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toMatchObject({ id: target.id, role: 'salesExecutive', assumedBy: { username: 'admin' } });
    const claims = claimsOf(body.token);
    expect((claims.exp - claims.iat) * 1000).toBe(assumedTokenLifetimeMs);
    expect(claims.act?.sub).toBeDefined();

    const verified = await t.app.inject({ method: 'POST', url: '/api/verify-token', headers: bearer(body.token) });
    expect(verified.json().user).toMatchObject({ role: 'salesExecutive', assumedBy: { username: 'admin' } });
    // The assumed user's role applies: a sales executive may not open /regions.
    expect((await t.app.inject({ method: 'GET', url: '/api/regions', headers: bearer(body.token) })).statusCode).toBe(403);

    const again = await t.app.inject({ method: 'POST', url: '/api/assume-role', headers: bearer(body.token), payload: { userId: target.id } });
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe(messages.cannotAssumeTwice);

    const audit = (await t.database.db.select().from(auditLog)).find((r) => r.action === 'assume-role' && r.recordId === String(target.id));
    expect(audit).toBeDefined();
  });

  it('refuses non-admins and unknown users', async () => {
    const accountant = await t.userWithRole('accountant');
    const response = await t.app.inject({ method: 'POST', url: '/api/assume-role', headers: bearer(accountant.token), payload: { userId: 1 } });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(messages.routeRestricted);
    // The role is checked before the body (401, 403, then 400): a bad body tells a non-admin nothing.
    expect((await t.app.inject({ method: 'POST', url: '/api/assume-role', headers: bearer(accountant.token), payload: [] })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/assume-role', headers: bearer(t.adminToken), payload: { userId: 99999 } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/assume-role', headers: bearer(t.adminToken), payload: {} })).statusCode).toBe(400);
  });

  it('records writes made while assumed under both users', async () => {
    const target = await t.userWithRole('admin');
    const assumed = (await t.app.inject({ method: 'POST', url: '/api/assume-role', headers: bearer(t.adminToken), payload: { userId: target.id } })).json();
    const created = await t.app.inject({ method: 'POST', url: '/api/regions', headers: bearer(assumed.token), payload: { regionName: 'Assumed Region', regionCode: 'ASR' } });
    expect(created.statusCode).toBe(201);
    const row = (await t.database.db.select().from(auditLog)).find((r) => r.resource === 'regions' && r.action === 'create');
    expect(row).toMatchObject({ actorUserId: target.id, realUserId: assumed.user.assumedBy.id });
  });
});

describe('change-password', () => {
  it('changes the password when the current one is right', async () => {
    const user = await t.userWithRole('serviceEngineer', { password: 'Password@123' });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/change-password',
      headers: bearer(user.token),
      payload: { currentPassword: 'not-it-at-all', newPassword: 'NewPassword@1' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ currentPassword: messages.wrongCurrentPassword });

    const short = await t.app.inject({
      method: 'POST',
      url: '/api/change-password',
      headers: bearer(user.token),
      payload: { currentPassword: 'Password@123', newPassword: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.newPassword).toMatch(/at least 8/);

    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/change-password',
      headers: bearer(user.token),
      payload: { currentPassword: 'Password@123', newPassword: 'NewPassword@1' },
    });
    expect(ok.json()).toEqual({ status: 200, message: messages.passwordChanged, token: expect.any(String) });
    expect((await login(user.username, 'NewPassword@1', '10.3.0.1')).statusCode).toBe(200);
    expect((await login(user.username, 'Password@123', '10.3.0.1')).statusCode).toBe(401);
  });

  it('is allowed to the read-only auditor', async () => {
    const auditor = await t.userWithRole('auditor', { password: 'Password@123' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/change-password',
      headers: bearer(auditor.token),
      payload: { currentPassword: 'Password@123', newPassword: 'NewPassword@1' },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('company', () => {
  it('answers the public company without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/company' });
    expect(response.json()).toEqual({ status: 200, message: 'OK', company: { companyName: null, rectangleLogo: null } });
  });

  it('answers 404 with the envelope for an unknown API path', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 404, message: messages.notFound });
  });

  it('sends security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('password versions (issue 6)', () => {
  const verify = (token: string) => t.app.inject({ method: 'POST', url: '/api/verify-token', headers: bearer(token) });

  it("ends every earlier token of a user when an admin resets the password, at once despite the user cache", async () => {
    const user = await t.userWithRole('accountant', { password: 'Password@123' });
    const signedIn = (await login(user.username, 'Password@123', '10.6.0.1')).json().token as string;
    // Both tokens are verified once, so the user's row sits in the 5 s cache.
    expect((await verify(user.token)).statusCode).toBe(200);
    expect((await verify(signedIn)).statusCode).toBe(200);
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/users/${user.id}/reset-password`,
      headers: bearer(t.adminToken),
      payload: { password: 'Another@123' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await verify(user.token)).statusCode).toBe(401);
    expect((await verify(signedIn)).statusCode).toBe(401);
    const again = await login(user.username, 'Another@123', '10.6.0.1');
    expect((await verify(again.json().token)).statusCode).toBe(200);
  });

  it("ends the user's other tokens on their own change and answers a fresh token that works", async () => {
    const user = await t.userWithRole('salesManager', { password: 'Password@123' });
    const otherSession = (await login(user.username, 'Password@123', '10.6.0.2')).json().token as string;
    expect((await verify(otherSession)).statusCode).toBe(200);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/change-password',
      headers: bearer(user.token),
      payload: { currentPassword: 'Password@123', newPassword: 'NewPassword@1' },
    });
    expect(changed.statusCode).toBe(200);
    const fresh = changed.json().token as string;
    expect(claimsOf(fresh).sub).toBe(String(user.id));
    expect((await verify(user.token)).statusCode).toBe(401);
    expect((await verify(otherSession)).statusCode).toBe(401);
    expect((await verify(fresh)).statusCode).toBe(200);
  });

  it("ends an admin's assumed tokens when the admin's password changes, and the assumed user's when theirs does", async () => {
    const admin = await t.userWithRole('admin', { password: 'Password@123' });
    const target = await t.userWithRole('salesExecutive');
    const assume = () => t.app.inject({ method: 'POST', url: '/api/assume-role', headers: bearer(admin.token), payload: { userId: target.id } });
    const first = (await assume()).json().token as string;
    expect((await verify(first)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: `/api/users/${target.id}/reset-password`, headers: bearer(t.adminToken), payload: { password: 'Target@1234' } });
    expect((await verify(first)).statusCode).toBe(401);

    const second = (await assume()).json().token as string;
    expect((await verify(second)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: `/api/users/${admin.id}/reset-password`, headers: bearer(t.adminToken), payload: { password: 'Admin@12345x' } });
    expect((await verify(second)).statusCode).toBe(401);
  });

  it('gives an assumed session an assumed token when it changes the assumed user\'s password', async () => {
    const target = await t.userWithRole('accountant', { password: 'Password@123' });
    const assumed = (await t.app.inject({ method: 'POST', url: '/api/assume-role', headers: bearer(t.adminToken), payload: { userId: target.id } })).json();
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/change-password',
      headers: bearer(assumed.token),
      payload: { currentPassword: 'Password@123', newPassword: 'NewPassword@1' },
    });
    expect(changed.statusCode).toBe(200);
    const claims = claimsOf(changed.json().token);
    expect(claims.sub).toBe(String(target.id));
    expect(claims.act?.sub).toBe(String(assumed.user.assumedBy.id));
    expect((await verify(changed.json().token)).json().user.assumedBy.username).toBe('admin');
  });
});

describe('usernames are normalised once (issue 6)', () => {
  it('does not sign in a look-alike spelling while the username is locked', async () => {
    const user = await t.userWithRole('salesExecutive', { username: 'salesExecutive', password: 'Password@123' });
    for (let i = 0; i < 10; i++) expect((await login(user.username, 'wrong-password', `10.7.0.${i}`)).statusCode).toBe(401);
    expect((await login('salesExecutive', 'Password@123', '10.7.1.1')).statusCode).toBe(429);
    // U+0130 lower-cases to "i" + a combining dot in JavaScript but to "i" in PostgreSQL.
    expect((await login('salesExecut\u0130ve', 'Password@123', '10.7.1.2')).statusCode).not.toBe(200);
    // U+017F (long s) is "s" under NFKC: the same user, so the same lock.
    expect((await login('\u017FalesExecutive', 'Password@123', '10.7.1.3')).statusCode).toBe(429);
    expect((await login('SALESEXECUTIVE', 'Password@123', '10.7.1.4')).statusCode).toBe(429);
  });

  it('signs in by the NFKC form of the username', async () => {
    const user = await t.userWithRole('accountant', { username: 'kelvin.user', password: 'Password@123' });
    // U+212A KELVIN SIGN is "K" under NFKC.
    expect((await login('\u212Aelvin.user', 'Password@123', '10.7.2.1')).statusCode).toBe(200);
    expect(user.username).toBe('kelvin.user');
  });
});
