import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * The address's query as URLSearchParams, and a setter that replaces it. Our own few lines
 * instead of the router's useSearchParams, which the login page would pay for (see DECISIONS).
 */
export function useQueryParams(): [URLSearchParams, (next: URLSearchParams | Record<string, string>) => void] {
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback(
    (next: URLSearchParams | Record<string, string>) => {
      const query = new URLSearchParams(next).toString();
      void navigate(`${pathname}${query ? `?${query}` : ''}`, { replace: true });
    },
    [navigate, pathname],
  );
  return [params, set];
}

/** `params` with `changes` applied: a value sets its key, an empty one (undefined, null, '') removes it. */
export function withParams(params: URLSearchParams, changes: Record<string, string | number | null | undefined>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === null || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}

/** A query parameter read as an id: whole digits (at most 10), else undefined. */
export const idParam = (value: string | null): number | undefined => (value && /^\d{1,10}$/.test(value) ? Number(value) : undefined);
