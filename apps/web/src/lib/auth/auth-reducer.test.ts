import { describe, expect, it } from 'vitest';
import { userOf } from '../../test/harness.tsx';
import { authReducer, initialAuthState, type AuthState } from './auth-reducer.ts';

const admin = userOf('admin', { id: 1, name: 'Ada Admin' });
const sales = userOf('salesExecutive', { id: 7, name: 'Sam Sales', scopes: ['invoices:post'] });

describe('auth reducer (spec section 4)', () => {
  it('starts unauthenticated, authenticating, with an empty scopes list and no error or original user', () => {
    expect(initialAuthState).toEqual({ isAuthenticated: false, isAuthenticating: true, user: { scopes: [] }, error: null, originalUser: null });
  });

  it('AUTH_SUCCESS authenticates, stores the user with scopes (empty when absent), clears error and originalUser', () => {
    const before: AuthState = { ...initialAuthState, error: 'old', originalUser: sales };
    const { scopes: _omitted, ...withoutScopes } = admin;
    const after = authReducer(before, { type: 'AUTH_SUCCESS', user: withoutScopes as typeof admin });
    expect(after.isAuthenticated).toBe(true);
    expect(after.isAuthenticating).toBe(false);
    expect(after.user).toMatchObject({ name: 'Ada Admin', scopes: [] });
    expect(after.error).toBeNull();
    expect(after.originalUser).toBeNull();
  });

  it('AUTH_FAILURE marks unauthenticated and stores the error', () => {
    const signedIn = authReducer(initialAuthState, { type: 'AUTH_SUCCESS', user: admin });
    const after = authReducer(signedIn, { type: 'AUTH_FAILURE', error: 'Invalid username or password' });
    expect(after.isAuthenticated).toBe(false);
    expect(after.isAuthenticating).toBe(false);
    expect(after.error).toBe('Invalid username or password');
  });

  it('LOGOUT marks unauthenticated, resets the user to empty scopes and clears the error', () => {
    const signedIn = { ...authReducer(initialAuthState, { type: 'AUTH_SUCCESS', user: sales }), error: 'x' };
    const after = authReducer(signedIn, { type: 'LOGOUT' });
    expect(after).toEqual({ isAuthenticated: false, isAuthenticating: false, user: { scopes: [] }, error: null, originalUser: null });
  });

  it('ASSUME_ROLE keeps the current user as originalUser and switches to the assumed user', () => {
    const signedIn = authReducer(initialAuthState, { type: 'AUTH_SUCCESS', user: admin });
    const after = authReducer(signedIn, { type: 'ASSUME_ROLE', user: sales });
    expect(after.user).toMatchObject({ id: 7, role: 'salesExecutive', scopes: ['invoices:post'] });
    expect(after.originalUser).toMatchObject({ id: 1, role: 'admin' });
    expect(after.isAuthenticated).toBe(true);
  });

  it('EXIT_ASSUMED_ROLE restores the original user and clears originalUser', () => {
    const assumed = authReducer(authReducer(initialAuthState, { type: 'AUTH_SUCCESS', user: admin }), { type: 'ASSUME_ROLE', user: sales });
    const after = authReducer(assumed, { type: 'EXIT_ASSUMED_ROLE' });
    expect(after.user).toMatchObject({ id: 1, role: 'admin' });
    expect(after.originalUser).toBeNull();
  });
});
