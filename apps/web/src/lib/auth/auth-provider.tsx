import { homeRouteForRole, messages, type AuthUser } from '@erp/domain';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { errorMessage, setSessionExpiredHandler } from '../http.ts';
import { notify } from '../notify.tsx';
import { type AuthEvent, authReducer, initialAuthState, isKnownUser, type AuthState } from './auth-reducer.ts';
import { postAssumeRole, postLogin, verifyToken } from './session-api.ts';
import { startUpSession } from './start-up.ts';
import { tokenStorage } from './token-storage.ts';

export interface AuthContextValue {
  state: AuthState;
  /** The signed-in (or assumed) user; undefined when signed out. */
  user: AuthUser | undefined;
  /** Resolves to an error text to show, or undefined on success. */
  login: (username: string, password: string) => Promise<string | undefined>;
  logout: () => void;
  assumeRole: (userId: number) => Promise<void>;
  exitAssumedRole: () => void;
}

const AuthContext = createContext<AuthContextValue | undefined>(undefined);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(authReducer, initialAuthState);
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const pathRef = useRef(location.pathname);
  pathRef.current = location.pathname;

  const logout = useCallback(() => {
    tokenStorage.clear();
    dispatch({ type: 'LOGOUT' });
    queryClient.clear();
    void navigate('/login', { replace: true });
  }, [navigate, queryClient]);

  useEffect(() => {
    setSessionExpiredHandler(logout);
    return () => setSessionExpiredHandler(undefined);
  }, [logout]);

  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void startUpSession({
      verify: verifyToken,
      dispatch,
      pathname: () => pathRef.current,
      redirectToLogin: () => void navigate('/login', { replace: true }),
    });
  }, [navigate]);

  const login = useCallback(
    async (username: string, password: string) => {
      try {
        const { httpStatus, body } = await postLogin(username, password);
        // Spec section 5: a login counts only when the response status is 200.
        if (httpStatus !== 200 || body.status !== 200 || !body.token) {
          const text = body.message || messages.invalidCredentials;
          dispatch({ type: 'AUTH_FAILURE', error: text });
          return text;
        }
        tokenStorage.setAssumedToken(null);
        tokenStorage.setMainToken(body.token);
        queryClient.clear();
        dispatch({ type: 'AUTH_SUCCESS', user: body.user });
        notify.success(messages.loginSuccess);
        void navigate('/', { replace: true });
        return undefined;
      } catch (error) {
        const text = errorMessage(error);
        dispatch({ type: 'AUTH_FAILURE', error: text });
        return text;
      }
    },
    [navigate, queryClient],
  );

  /**
   * Another role takes over on another screen: its home. The router moves in a transition;
   * the user change goes in the same one, so no render shows the new role on the old
   * screen (which it may not open: 'Access to the route is restricted').
   */
  const switchUser = useCallback(
    (event: AuthEvent, home: string) => {
      startTransition(() => {
        dispatch(event);
        void navigate(home, { replace: true });
      });
    },
    [navigate],
  );

  const assumeRole = useCallback(
    async (userId: number) => {
      try {
        const body = await postAssumeRole(userId);
        tokenStorage.setAssumedToken(body.token);
        queryClient.clear();
        switchUser({ type: 'ASSUME_ROLE', user: body.user }, homeRouteForRole(body.user.role));
      } catch (error) {
        notify.error(errorMessage(error));
      }
    },
    [queryClient, switchUser],
  );

  const originalUser = state.originalUser;
  const exitAssumedRole = useCallback(() => {
    // The main token never left storage; dropping the assumed one makes it the active one again.
    tokenStorage.setAssumedToken(null);
    queryClient.clear();
    switchUser({ type: 'EXIT_ASSUMED_ROLE' }, isKnownUser(originalUser) ? homeRouteForRole(originalUser.role) : '/');
    notify.success(messages.returnedToOriginalRole);
  }, [originalUser, queryClient, switchUser]);

  const value = useMemo<AuthContextValue>(
    () => ({
      state,
      user: state.isAuthenticated && isKnownUser(state.user) ? state.user : undefined,
      login,
      logout,
      assumeRole,
      exitAssumedRole,
    }),
    [state, login, logout, assumeRole, exitAssumedRole],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/** For tests and stories: a fixed auth context without start-up calls. */
export const AuthContextForTests = AuthContext;
