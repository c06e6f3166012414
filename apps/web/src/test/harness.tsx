import type { AuthUser, Role } from '@erp/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { AuthContextForTests, type AuthContextValue } from '../lib/auth/auth-provider.tsx';
import { initialAuthState, type AuthState } from '../lib/auth/auth-reducer.ts';
import { http } from '../lib/http.ts';
import { NotifyBridge } from '../lib/notify.tsx';
import { createQueryClient } from '../lib/query-client.ts';

export function userOf(role: Role, overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    id: 1,
    name: `Test ${role}`,
    username: role,
    role,
    company: { companySettings: { companyName: 'Acme Medical', rectangleLogo: null } },
    permissions: {},
    scopes: [],
    ...overrides,
  };
}

export function authOf(user: AuthUser | undefined, state: Partial<AuthState> = {}): AuthContextValue {
  return {
    state: user ? { ...initialAuthState, isAuthenticated: true, isAuthenticating: false, user, ...state } : { ...initialAuthState, isAuthenticating: false, ...state },
    user,
    login: vi.fn(async () => undefined),
    logout: vi.fn(),
    assumeRole: vi.fn(async () => undefined),
    exitAssumedRole: vi.fn(),
  };
}

export function renderWithApp(ui: ReactElement, { auth = authOf(undefined), path = '/' }: { auth?: AuthContextValue; path?: string } = {}) {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ConfigProvider theme={{ token: { motion: false } }}>
      <NotifyBridge />
      <QueryClientProvider client={queryClient}>
        <AuthContextForTests.Provider value={auth}>
          <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
        </AuthContextForTests.Provider>
      </QueryClientProvider>
    </ConfigProvider>
  );
  return { ...render(ui, { wrapper }), queryClient };
}

type Reply = { status: number; data?: unknown; statusText?: string } | { networkError: true };

/** Replaces the HTTP client's transport: every call goes to `handler` (no network, real interceptors). */
export function mockApi(handler: (config: InternalAxiosRequestConfig) => Reply | Promise<Reply>) {
  const calls: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    calls.push(config);
    const reply = await handler(config);
    if ('networkError' in reply) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    const response: AxiosResponse = {
      data: reply.data,
      status: reply.status,
      statusText: reply.statusText ?? '',
      headers: new AxiosHeaders(),
      config,
    };
    if (reply.status >= 200 && reply.status < 300) return response;
    throw new AxiosError(`Request failed with status code ${reply.status}`, AxiosError.ERR_BAD_RESPONSE, config, undefined, response);
  };
  const previous = http.defaults.adapter;
  http.defaults.adapter = adapter;
  return { calls, restore: () => (http.defaults.adapter = previous) };
}
