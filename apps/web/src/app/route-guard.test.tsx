import { messages } from '@erp/domain';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { authOf, renderWithApp, userOf } from '../test/harness.tsx';
import { HomeRedirect, RouteGuard } from './route-guard.tsx';

function App() {
  return (
    <Routes>
      <Route path="/" element={<HomeRedirect />} />
      <Route path="/user/password" element={<RouteGuard>Change password screen</RouteGuard>} />
      <Route path="/dashboard" element={<RouteGuard>Dashboard screen</RouteGuard>} />
      <Route path="/invoices/*" element={<RouteGuard>Invoices screen</RouteGuard>} />
      <Route path="/regions/*" element={<RouteGuard>Regions screen</RouteGuard>} />
    </Routes>
  );
}

describe('the route guard (spec section 2, first reading)', () => {
  it("shows 'Access to the route is restricted' and redirects to / when the role may not open the path", async () => {
    renderWithApp(<App />, { auth: authOf(userOf('salesExecutive')), path: '/regions/12' });
    expect(await screen.findByText(messages.routeRestricted)).toBeInTheDocument();
    expect(messages.routeRestricted).toBe('Access to the route is restricted');
    // / sends a sales executive (no dashboard) to the first screen of its spec list: invoices.
    expect(await screen.findByText('Invoices screen')).toBeInTheDocument();
    expect(screen.queryByText('Regions screen')).not.toBeInTheDocument();
  });

  it('renders an allowed path, prefix routes included', async () => {
    renderWithApp(<App />, { auth: authOf(userOf('admin')), path: '/regions/12' });
    expect(await screen.findByText('Regions screen')).toBeInTheDocument();
    expect(screen.queryByText(messages.routeRestricted)).not.toBeInTheDocument();
  });

  it('sends / to the dashboard where the role has it', async () => {
    renderWithApp(<App />, { auth: authOf(userOf('admin')), path: '/' });
    expect(await screen.findByText('Dashboard screen')).toBeInTheDocument();
  });
});
