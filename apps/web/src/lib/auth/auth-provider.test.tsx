import { type AuthUser, messages } from '@erp/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HomeRedirect, RouteGuard } from '../../app/route-guard.tsx';
import { mockApi, userOf } from '../../test/harness.tsx';
import { NotifyBridge, notify } from '../notify.tsx';
import { createQueryClient } from '../query-client.ts';
import { AuthProvider, useAuth } from './auth-provider.tsx';
import { tokenKeys } from './token-storage.ts';

const admin = userOf('admin', { id: 1, name: 'Ada Admin' });
const sales: AuthUser = userOf('salesExecutive', { id: 7, name: 'Sam Sales', assumedBy: { id: 1, name: 'Ada Admin', username: 'admin' } });

/** Every path the router rendered, in order: what the user saw on the way. */
const visited: string[] = [];
function PathLog() {
  visited.push(useLocation().pathname);
  return null;
}

function Screens() {
  const { assumeRole, exitAssumedRole } = useAuth();
  return (
    <>
      <PathLog />
      <Routes>
        <Route path="/" element={<HomeRedirect />} />
        <Route path="/user" element={<RouteGuard><button onClick={() => void assumeRole(7)}>Assume role</button></RouteGuard>} />
        <Route path="/dashboard" element={<RouteGuard>Dashboard screen</RouteGuard>} />
        <Route path="/invoices/*" element={<RouteGuard>Invoices screen<button onClick={exitAssumedRole}>Return to my role</button></RouteGuard>} />
      </Routes>
    </>
  );
}

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => {
  api?.restore();
  vi.restoreAllMocks();
  visited.length = 0;
});

describe('assuming a role from /user (issue 6)', () => {
  it("goes to the assumed user's home screen, and back to the admin's on return, without 'Access to the route is restricted'", async () => {
    localStorage.setItem(tokenKeys.main, 'main-token');
    api = mockApi((config) => {
      if (config.url === '/api/verify-token') return { status: 200, data: { status: 200, message: 'OK', user: admin } };
      if (config.url === '/api/assume-role') return { status: 200, data: { status: 200, message: 'You are acting as Sam Sales', token: 'assumed-token', user: sales } };
      return { status: 404, data: { status: 404, message: 'Not found' } };
    });
    const errors = vi.spyOn(notify, 'error');
    render(
      <ConfigProvider theme={{ token: { motion: false } }}>
        <NotifyBridge />
        <QueryClientProvider client={createQueryClient()}>
          <MemoryRouter initialEntries={['/user']}>
            <AuthProvider>
              <Screens />
            </AuthProvider>
          </MemoryRouter>
        </QueryClientProvider>
      </ConfigProvider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Assume role' }));
    // A sales executive has no dashboard: the first screen of its list is invoices.
    expect(await screen.findByText('Invoices screen')).toBeInTheDocument();
    expect(localStorage.getItem(tokenKeys.assumed)).toBe('assumed-token');
    expect(errors).not.toHaveBeenCalledWith(messages.routeRestricted, expect.anything());

    await userEvent.click(screen.getByRole('button', { name: 'Return to my role' }));
    expect(await screen.findByText('Dashboard screen')).toBeInTheDocument();
    expect(localStorage.getItem(tokenKeys.assumed)).toBeNull();
    expect(errors).not.toHaveBeenCalledWith(messages.routeRestricted, expect.anything());
    expect(visited.at(-1)).toBe('/dashboard');
  });
});
