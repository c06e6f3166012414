import { constants, describeFailedCall, type ApiErrorBody, type FailedCall } from '@erp/domain';
import axios, { AxiosError, AxiosHeaders, type AxiosInstance } from 'axios';
import { tokenStorage } from './auth/token-storage.ts';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** A 401 on this call is handled by the caller, not by the global log-out. */
    skipSessionExpiry?: boolean;
  }
}

/**
 * Query strings as qs's `arrayFormat: 'comma'` with `skipNulls` writes them (`ids=1%2C2`), for
 * the flat params our API takes. Our own 15 lines instead of qs: qs and its polyfills are
 * ~12 KB gzip on the login page (see DECISIONS); a test checks both agree.
 */
export function serializeParams(params: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, raw] of Object.entries(params)) {
    if (raw === undefined || raw === null) continue;
    if (Array.isArray(raw)) {
      const items = raw.filter((item) => item !== undefined && item !== null);
      if (items.length === 0) continue;
      parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(items.map(String).join(','))}`);
    } else if (raw instanceof Date) {
      parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(raw.toISOString())}`);
    } else {
      parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(raw))}`);
    }
  }
  return parts.join('&');
}

/** Spec section 7: JSON, bearer token, 120 s time-out, base URL from the build, comma arrays. */
export const http: AxiosInstance = axios.create({
  baseURL: import.meta.env.VITE_API_BASE_URL || undefined,
  timeout: constants.requestTimeoutMs,
  headers: { 'Content-Type': 'application/json' },
  paramsSerializer: { serialize: (params) => serializeParams(params) },
});

/** The bearer header of a token, for the calls that must use a specific one (start-up verification). */
export function bearer(token: string): { Authorization: string } {
  return { Authorization: `Bearer ${token}` };
}

http.interceptors.request.use((config) => {
  const headers = AxiosHeaders.from(config.headers);
  if (!headers.has('Authorization')) {
    const token = tokenStorage.activeToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
  }
  config.headers = headers;
  return config;
});

let onSessionExpired: (() => void) | undefined;

/** The auth provider registers its log-out here: a 401 on an authenticated call ends the session. */
export function setSessionExpiredHandler(handler: (() => void) | undefined): void {
  onSessionExpired = handler;
}

http.interceptors.response.use(undefined, (error: unknown) => {
  if (error instanceof AxiosError && error.response?.status === 401 && !error.config?.skipSessionExpiry) {
    const sentToken = AxiosHeaders.from(error.config?.headers).has('Authorization');
    if (sentToken) onSessionExpired?.();
  }
  return Promise.reject(error);
});

/** What the browser knows of a failed call, in the shape the domain's error catalogue reads. */
export function failedCallOf(error: unknown): FailedCall {
  const online = typeof navigator === 'undefined' ? true : navigator.onLine;
  if (error instanceof AxiosError) {
    const response = error.response
      ? { status: error.response.status, statusText: error.response.statusText, data: error.response.data as unknown }
      : undefined;
    return { online, response, rawError: error.message || String(error) };
  }
  return { online, rawError: error instanceof Error ? error.message : String(error) };
}

/** Spec section 8: the text shown for a failed call. */
export function errorMessage(error: unknown): string {
  return describeFailedCall(failedCallOf(error));
}

/** The server's per-field messages of a 400 (`errors`: dot-joined path -> message), if any. */
export function fieldErrorsOf(error: unknown): Record<string, string> | undefined {
  if (!(error instanceof AxiosError)) return undefined;
  const data = error.response?.data as Partial<ApiErrorBody> | undefined;
  if (!data || typeof data !== 'object' || !data.errors || typeof data.errors !== 'object') return undefined;
  return data.errors;
}

export function statusOf(error: unknown): number | undefined {
  return error instanceof AxiosError ? error.response?.status : undefined;
}
