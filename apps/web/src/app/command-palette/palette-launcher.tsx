import { SearchOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';

// Its own chunk, fetched on the first open: cmdk stays out of every screen's bundle.
const CommandPalette = lazy(async () => ({ default: (await import('./command-palette.tsx')).CommandPalette }));

/** Where `/` is text being typed, not the palette's key. */
function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.getAttribute('role') === 'combobox';
}

/**
 * The palette's keys and its header button: Ctrl+K or Cmd+K anywhere, `/` outside a text field.
 * Closing gives focus back to what had it.
 */
export function PaletteLauncher({ compact }: { compact: boolean }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const returnTo = useRef<HTMLElement | null>(null);

  const show = useCallback(() => {
    returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setLoaded(true);
    setOpen(true);
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const chord = (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k';
      const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isTextField(event.target);
      if (!chord && !slash) return;
      event.preventDefault();
      if (chord && open) setOpen(false);
      else if (!open) show();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, show]);

  return (
    <>
      <Button icon={<SearchOutlined />} onClick={show} aria-label={compact ? 'Search (Ctrl+K)' : undefined} aria-keyshortcuts="Control+K Meta+K /">
        {compact ? null : 'Search… Ctrl K'}
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <CommandPalette open={open} onClose={() => setOpen(false)} afterClose={() => returnTo.current?.focus()} />
        </Suspense>
      )}
    </>
  );
}
