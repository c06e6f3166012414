import { defaultProductTitle, messages } from '@erp/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authOf, mockApi, renderWithApp } from '../../test/harness.tsx';
import { LoginPage } from './login-page.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

describe('the login page (spec sections 2 and 5)', () => {
  it('requires a username and a password, with the spec messages', async () => {
    api = mockApi(() => ({ status: 200, data: { status: 200, company: { companyName: null, rectangleLogo: null } } }));
    const auth = authOf(undefined);
    renderWithApp(<LoginPage />, { auth, path: '/login' });
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please input your username!')).toBeInTheDocument();
    expect(await screen.findByText('Please input your Password!')).toBeInTheDocument();
    expect(auth.login).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: defaultProductTitle })).toBeInTheDocument();
  });

  it("shows the company's name and logo when set", async () => {
    api = mockApi(() => ({ status: 200, data: { status: 200, company: { companyName: 'Acme Medical', rectangleLogo: '/api/company/logo/rectangle' } } }));
    renderWithApp(<LoginPage />, { path: '/login' });
    expect(await screen.findByRole('heading', { name: 'Acme Medical' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Acme Medical logo' })).toHaveAttribute('src', '/api/company/logo/rectangle');
  });

  it("logs in with the typed values and shows the server's message on failure", async () => {
    api = mockApi(() => ({ status: 200, data: { status: 200, company: { companyName: null, rectangleLogo: null } } }));
    const auth = authOf(undefined);
    auth.login = vi.fn(async () => messages.invalidCredentials);
    renderWithApp(<LoginPage />, { auth, path: '/login' });
    await userEvent.type(screen.getByLabelText('Username'), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(auth.login).toHaveBeenCalledWith('admin', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password');
  });
});
