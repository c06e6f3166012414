import type { ReactNode } from 'react';

/**
 * What scrolls sideways on a narrow screen and holds nothing focusable of its own (a table of
 * figures): the region takes the focus, so the keyboard scrolls it too (axe:
 * scrollable-region-focusable). Its content keeps its natural width.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      <div style={{ minWidth: 'max-content' }}>{children}</div>
    </div>
  );
}
