import type { AuthUser } from '@erp/domain';
import { errorMessage } from '../http.ts';
import type { AuthEvent } from './auth-reducer.ts';
import { tokenStorage } from './token-storage.ts';

export interface StartUpDeps {
  verify: (token: string) => Promise<AuthUser>;
  dispatch: (event: AuthEvent) => void;
  /** Current path, to avoid redirecting /login to itself. */
  pathname: () => string;
  redirectToLogin: () => void;
}

/**
 * Spec section 4, "On start": verify the saved token; then, if an assumed token is stored,
 * verify it too. Both answers are awaited before dispatching, so the first render after
 * the loader already shows the assumed user (no flash of the admin's screens).
 */
export async function startUpSession({ verify, dispatch, pathname, redirectToLogin }: StartUpDeps): Promise<void> {
  const mainToken = tokenStorage.mainToken();
  if (!mainToken) {
    tokenStorage.clear();
    if (pathname() !== '/login') redirectToLogin();
    dispatch({ type: 'AUTH_FAILURE', error: null });
    return;
  }

  let mainUser: AuthUser;
  try {
    mainUser = await verify(mainToken);
  } catch (error) {
    tokenStorage.clear();
    if (pathname() !== '/login') redirectToLogin();
    dispatch({ type: 'AUTH_FAILURE', error: errorMessage(error) });
    return;
  }

  const assumedToken = tokenStorage.assumedToken();
  let assumedUser: AuthUser | undefined;
  if (assumedToken) {
    try {
      assumedUser = await verify(assumedToken);
    } catch {
      // The assumed token expired or was refused: drop it and stay the original user.
      tokenStorage.setAssumedToken(null);
    }
  }

  dispatch({ type: 'AUTH_SUCCESS', user: mainUser });
  if (assumedUser) dispatch({ type: 'ASSUME_ROLE', user: assumedUser });
}
