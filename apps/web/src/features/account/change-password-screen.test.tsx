import { messages } from '@erp/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { tokenKeys } from '../../lib/auth/token-storage.ts';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { ChangePasswordScreen } from './change-password-screen.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

async function changePassword() {
  renderWithApp(<ChangePasswordScreen />, { auth: authOf(userOf('accountant')), path: '/user/password' });
  await userEvent.type(screen.getByLabelText(/Current password/), 'Password@123');
  await userEvent.type(screen.getByLabelText(/New password/), 'NewPassword@1');
  await userEvent.type(screen.getByLabelText(/Confirm new password/), 'NewPassword@1');
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
  expect(await screen.findByText(messages.passwordChanged)).toBeInTheDocument();
}

describe('changing one\'s password (issue 6: the old token ends)', () => {
  it('keeps the session with the fresh token the answer carries', async () => {
    localStorage.setItem(tokenKeys.main, 'old-token');
    api = mockApi(() => ({ status: 200, data: { status: 200, message: messages.passwordChanged, token: 'fresh-token' } }));
    await changePassword();
    expect(api.calls[0]?.headers.Authorization).toBe('Bearer old-token');
    expect(localStorage.getItem(tokenKeys.main)).toBe('fresh-token');
  });

  it('replaces the assumed token while acting as another user, keeping the main one', async () => {
    localStorage.setItem(tokenKeys.main, 'admin-token');
    localStorage.setItem(tokenKeys.assumed, 'old-assumed');
    api = mockApi(() => ({ status: 200, data: { status: 200, message: messages.passwordChanged, token: 'fresh-assumed' } }));
    await changePassword();
    expect(localStorage.getItem(tokenKeys.assumed)).toBe('fresh-assumed');
    expect(localStorage.getItem(tokenKeys.main)).toBe('admin-token');
  });
});
