import { messages } from '@erp/domain';
import qs from 'qs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/harness.tsx';
import { tokenKeys } from './auth/token-storage.ts';
import { errorMessage, http, serializeParams, setSessionExpiredHandler } from './http.ts';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => {
  api?.restore();
  vi.restoreAllMocks();
  setSessionExpiredHandler(undefined);
});

async function failureOf(reply: Parameters<typeof mockApi>[0]): Promise<unknown> {
  api = mockApi(reply);
  try {
    await http.get('/api/regions');
  } catch (error) {
    return error;
  }
  throw new Error('the call did not fail');
}

describe('errorMessage: the error catalogue of spec section 8', () => {
  it('offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(errorMessage(await failureOf(() => ({ networkError: true })))).toBe(messages.offline);
    expect(messages.offline).toBe('You appear to be offline. Please check your internet connection');
  });

  it('no response: the raw error', async () => {
    expect(errorMessage(await failureOf(() => ({ networkError: true })))).toBe('Network Error');
  });

  it('504 and 502', async () => {
    expect(errorMessage(await failureOf(() => ({ status: 504, data: '<html>gateway</html>' })))).toBe('The server took too long to respond. Request cancelled');
    expect(errorMessage(await failureOf(() => ({ status: 502, data: '' })))).toBe('Server Error. The server appears to be offline');
  });

  it("an object body: its message, or 'Internal Server Error' when it has none", async () => {
    expect(errorMessage(await failureOf(() => ({ status: 409, data: { status: 409, message: 'Region already exists' } })))).toBe('Region already exists');
    expect(errorMessage(await failureOf(() => ({ status: 400, data: { status: 400 } })))).toBe('Internal Server Error');
  });

  it('500 without a JSON body, another status by its text, and no status at all', async () => {
    expect(errorMessage(await failureOf(() => ({ status: 500, data: '' })))).toBe('Internal server error');
    expect(errorMessage(await failureOf(() => ({ status: 418, data: '', statusText: "I'm a teapot" })))).toBe("I'm a teapot");
    expect(errorMessage(await failureOf(() => ({ status: 0, data: '' })))).toBe('Error with no status code occured');
    expect(errorMessage(new Error('boom'))).toBe('boom');
  });
});

describe('the HTTP client (spec section 7)', () => {
  it('sends JSON, the bearer token (the assumed one while assumed) and the 120 s time-out', async () => {
    localStorage.setItem(tokenKeys.main, 'main');
    api = mockApi(() => ({ status: 200, data: {} }));
    await http.post('/api/regions', { regionName: 'North' });
    localStorage.setItem(tokenKeys.assumed, 'assumed');
    await http.get('/api/regions');
    expect(api.calls[0]?.headers['Content-Type']).toBe('application/json');
    expect(api.calls[0]?.headers.Authorization).toBe('Bearer main');
    expect(api.calls[1]?.headers.Authorization).toBe('Bearer assumed');
    expect(api.calls[0]?.timeout).toBe(120000);
  });

  it('serialises arrays comma-separated, exactly as qs arrayFormat comma', () => {
    const params = { page: 2, search: 'a b,c', ids: [1, 2, 3], empty: undefined, none: null, flag: false };
    expect(serializeParams(params)).toBe(qs.stringify(params, { arrayFormat: 'comma', skipNulls: true }));
    expect(serializeParams({ ids: [4, 5] })).toBe('ids=4%2C5');
  });

  it('a 401 on an authenticated call ends the session; one without a token does not', async () => {
    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    await failureOf(() => ({ status: 401, data: { status: 401, message: messages.sessionExpired } }));
    expect(expired).not.toHaveBeenCalled();
    localStorage.setItem(tokenKeys.main, 'main');
    api?.restore();
    await failureOf(() => ({ status: 401, data: { status: 401, message: messages.sessionExpired } }));
    expect(expired).toHaveBeenCalledOnce();
  });
});
