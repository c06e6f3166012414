import { messages, type AuthUser } from '@erp/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, userOf } from '../../test/harness.tsx';
import type { AuthEvent } from './auth-reducer.ts';
import { verifyToken } from './session-api.ts';
import { startUpSession } from './start-up.ts';
import { tokenKeys } from './token-storage.ts';

const admin = userOf('admin', { id: 1 });
const sales = userOf('salesExecutive', { id: 7, assumedBy: { id: 1, name: 'Test admin', username: 'admin' } });

/** A verify-token endpoint that knows two tokens. */
function serverKnowing(tokens: Record<string, AuthUser>) {
  return mockApi((config) => {
    expect(config.url).toBe('/api/verify-token');
    const token = String(config.headers.Authorization ?? '').replace('Bearer ', '');
    const user = tokens[token];
    return user ? { status: 200, data: { status: 200, message: 'OK', user } } : { status: 401, data: { status: 401, message: messages.sessionExpired } };
  });
}

async function run(pathname = '/dashboard') {
  const events: AuthEvent[] = [];
  const redirectToLogin = vi.fn();
  await startUpSession({ verify: verifyToken, dispatch: (e) => events.push(e), pathname: () => pathname, redirectToLogin });
  return { events, redirectToLogin };
}

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

describe('start-up verification (spec section 4)', () => {
  it('verifies the saved token with POST /api/verify-token and authenticates', async () => {
    localStorage.setItem(tokenKeys.main, 'main-token');
    api = serverKnowing({ 'main-token': admin });
    const { events, redirectToLogin } = await run();
    expect(events).toEqual([{ type: 'AUTH_SUCCESS', user: admin }]);
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]?.method).toBe('post');
    expect(redirectToLogin).not.toHaveBeenCalled();
  });

  it('on failure clears both tokens, redirects to /login and marks failure', async () => {
    localStorage.setItem(tokenKeys.main, 'expired');
    localStorage.setItem(tokenKeys.assumed, 'assumed-token');
    api = serverKnowing({});
    const { events, redirectToLogin } = await run('/regions');
    expect(events).toEqual([{ type: 'AUTH_FAILURE', error: messages.sessionExpired }]);
    expect(localStorage.getItem(tokenKeys.main)).toBeNull();
    expect(localStorage.getItem(tokenKeys.assumed)).toBeNull();
    expect(redirectToLogin).toHaveBeenCalledOnce();
  });

  it('does not redirect when already on /login', async () => {
    localStorage.setItem(tokenKeys.main, 'expired');
    api = serverKnowing({});
    const { redirectToLogin } = await run('/login');
    expect(redirectToLogin).not.toHaveBeenCalled();
  });

  it('without a saved token, marks failure and sends to /login without calling the server', async () => {
    api = serverKnowing({});
    const { events, redirectToLogin } = await run('/');
    expect(events).toEqual([{ type: 'AUTH_FAILURE', error: null }]);
    expect(api.calls).toHaveLength(0);
    expect(redirectToLogin).toHaveBeenCalledOnce();
  });

  it('verifies a stored assumed token with that token and assumes its user over the verified main user', async () => {
    localStorage.setItem(tokenKeys.main, 'main-token');
    localStorage.setItem(tokenKeys.assumed, 'assumed-token');
    api = serverKnowing({ 'main-token': admin, 'assumed-token': sales });
    const { events } = await run();
    expect(api.calls.map((c) => c.headers.Authorization)).toEqual(['Bearer main-token', 'Bearer assumed-token']);
    expect(events).toEqual([
      { type: 'AUTH_SUCCESS', user: admin },
      { type: 'ASSUME_ROLE', user: sales },
    ]);
  });

  it('drops an assumed token that fails verification and stays the original user', async () => {
    localStorage.setItem(tokenKeys.main, 'main-token');
    localStorage.setItem(tokenKeys.assumed, 'stale-assumed');
    api = serverKnowing({ 'main-token': admin });
    const { events, redirectToLogin } = await run();
    expect(events).toEqual([{ type: 'AUTH_SUCCESS', user: admin }]);
    expect(localStorage.getItem(tokenKeys.assumed)).toBeNull();
    expect(localStorage.getItem(tokenKeys.main)).toBe('main-token');
    expect(redirectToLogin).not.toHaveBeenCalled();
  });
});
