import { constants } from '@erp/domain';
import { useMediaQuery } from './use-media-query.ts';

/** Spec section 2: at 768 px or less the layout switches to its narrow (drawer) form. */
export const narrowQuery = `(max-width: ${constants.drawerBreakpoint}px)`;

export function useIsNarrow(): boolean {
  return useMediaQuery(narrowQuery);
}
