import { parseSearchInput, type SearchResult } from '@erp/domain';
import { useEffect, useRef, useState } from 'react';
import { http } from '../../lib/http.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';

/** Typing pauses this long before the palette asks the server. */
export const searchDebounceMs = 120;

export interface RecordSearch {
  /** The text the results answer (debounced), so a stale list is never shown as the current one. */
  query: string;
  results: readonly SearchResult[];
  loading: boolean;
  failed: boolean;
}

/**
 * GET /api/search for the palette's text, debounced. Each request takes a ticket; an answer is
 * kept only if no later request was sent since, so a slow older answer never replaces a newer
 * one (and the older request is aborted).
 */
export function useRecordSearch(text: string): RecordSearch {
  const debounced = useDebouncedValue(text.trim(), searchDebounceMs);
  const latest = useRef(0);
  const [state, setState] = useState<RecordSearch>({ query: '', results: [], loading: false, failed: false });

  useEffect(() => {
    const ticket = ++latest.current;
    if (debounced.startsWith('>') || parseSearchInput(debounced).text === '') {
      setState({ query: debounced, results: [], loading: false, failed: false });
      return;
    }
    const controller = new AbortController();
    setState((previous) => ({ ...previous, loading: true, failed: false }));
    http
      .get<{ results: SearchResult[] }>('/api/search', { params: { q: debounced }, signal: controller.signal })
      .then((response) => {
        if (ticket === latest.current) setState({ query: debounced, results: response.data.results, loading: false, failed: false });
      })
      .catch(() => {
        if (ticket === latest.current) setState({ query: debounced, results: [], loading: false, failed: true });
      });
    return () => controller.abort();
  }, [debounced]);

  return state;
}
