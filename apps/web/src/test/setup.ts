import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { Modal } from 'antd';
import { afterEach } from 'vitest';
import { areaFold } from '../app/areas.ts';
import { installAreas } from '../lib/areas/area-registry.ts';

// As main.tsx does: components read the areas' document links and status colours from lib/areas.
installAreas(areaFold);

afterEach(() => {
  cleanup();
  // A static confirm (Modal.confirm: "Discard your changes?") lives outside the rendered tree, so
  // cleanup leaves it, and in jsdom its closing animation never ends. Files share a worker's
  // document (isolate: false): a leftover dialog's title, whose id is antd's "test-id" like every
  // other's, became the accessible name of the next file's dialogs, and they were not found.
  Modal.destroyAll();
  document.body.replaceChildren();
  localStorage.clear();
});

// jsdom has no matchMedia; antd (Grid, responsive observers) and our layout read it.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

// antd measures elements; jsdom has no layout engine.
if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

const originalGetComputedStyle = window.getComputedStyle;
window.getComputedStyle = (element: Element, pseudo?: string | null) => originalGetComputedStyle(element, pseudo ? undefined : pseudo);
