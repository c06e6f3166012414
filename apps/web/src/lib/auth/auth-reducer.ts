import type { AuthUser } from '@erp/domain';

/** A signed-out user: only an empty scopes list (spec section 3). */
export interface AnonymousUser {
  scopes: string[];
}

export type SessionUser = AuthUser | AnonymousUser;

/** Spec section 3, "Authentication state". */
export interface AuthState {
  isAuthenticated: boolean;
  isAuthenticating: boolean;
  user: SessionUser;
  error: string | null;
  /** The user before assuming another role; null when not assumed. */
  originalUser: SessionUser | null;
}

/** Spec section 4: exactly five events. */
export type AuthEvent =
  | { type: 'AUTH_SUCCESS'; user: AuthUser }
  | { type: 'AUTH_FAILURE'; error: string | null }
  | { type: 'LOGOUT' }
  | { type: 'ASSUME_ROLE'; user: AuthUser }
  | { type: 'EXIT_ASSUMED_ROLE' };

export const initialAuthState: AuthState = {
  isAuthenticated: false,
  isAuthenticating: true,
  user: { scopes: [] },
  error: null,
  originalUser: null,
};

export function isKnownUser(user: SessionUser | null | undefined): user is AuthUser {
  return !!user && 'role' in user && typeof user.role === 'string';
}

export function authReducer(state: AuthState, event: AuthEvent): AuthState {
  switch (event.type) {
    case 'AUTH_SUCCESS':
      return {
        isAuthenticated: true,
        isAuthenticating: false,
        user: { ...event.user, scopes: event.user.scopes ?? [] },
        error: null,
        originalUser: null,
      };
    case 'AUTH_FAILURE':
      return { ...state, isAuthenticated: false, isAuthenticating: false, error: event.error };
    case 'LOGOUT':
      // Clearing originalUser too: both tokens are gone, so no role is left to return to.
      return { isAuthenticated: false, isAuthenticating: false, user: { scopes: [] }, error: null, originalUser: null };
    case 'ASSUME_ROLE':
      return {
        ...state,
        originalUser: state.originalUser ?? state.user,
        user: { ...event.user, scopes: event.user.scopes ?? [] },
      };
    case 'EXIT_ASSUMED_ROLE':
      if (!state.originalUser) return state;
      return { ...state, user: state.originalUser, originalUser: null };
  }
}
