import { constants } from '@erp/domain';
import { useSyncExternalStore } from 'react';

/** Spec section 2: at 768 px or less the layout switches to its narrow (drawer) form. */
export const narrowQuery = `(max-width: ${constants.drawerBreakpoint}px)`;

function subscribe(callback: () => void): () => void {
  const list = window.matchMedia(narrowQuery);
  list.addEventListener('change', callback);
  return () => list.removeEventListener('change', callback);
}

export function useIsNarrow(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(narrowQuery).matches,
    () => false,
  );
}
