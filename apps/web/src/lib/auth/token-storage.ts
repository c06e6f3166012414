/** Spec section 9: two browser-storage keys, the main token and the assumed-role token. */
export const tokenKeys = {
  main: 'erp.token',
  assumed: 'erp.assumedToken',
} as const;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode); the session then lasts one page load.
  }
}

export const tokenStorage = {
  mainToken: () => read(tokenKeys.main),
  assumedToken: () => read(tokenKeys.assumed),
  setMainToken: (token: string | null) => write(tokenKeys.main, token),
  setAssumedToken: (token: string | null) => write(tokenKeys.assumed, token),
  /** The token calls are made with: the assumed one while acting as another user. */
  activeToken: () => read(tokenKeys.assumed) ?? read(tokenKeys.main),
  /**
   * Puts a fresh token where the active one was (a password change ends the old one and
   * answers a new one of the same kind): the assumed slot while acting, else the main one.
   */
  replaceActiveToken: (token: string) => write(read(tokenKeys.assumed) === null ? tokenKeys.main : tokenKeys.assumed, token),
  clear: () => {
    write(tokenKeys.main, null);
    write(tokenKeys.assumed, null);
  },
};
