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
