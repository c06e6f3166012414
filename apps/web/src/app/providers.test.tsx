import { act, render, screen } from '@testing-library/react';
import { ConfigProvider, theme } from 'antd';
import { useContext } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client.ts';
import { reducedMotionQuery } from '../lib/use-media-query.ts';
import { AppProviders } from './providers.tsx';

/** A matchMedia whose reduced-motion answer the test flips, telling the page as a browser does. */
function systemMotion(reduce: boolean) {
  let matches = reduce;
  const listeners = new Set<() => void>();
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        get matches() {
          return query === reducedMotionQuery && matches;
        },
        media: query,
        addEventListener: (_: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
      }) as unknown as MediaQueryList,
  );
  return (next: boolean) => {
    matches = next;
    listeners.forEach((listener) => listener());
  };
}

function Motion() {
  // The click wave (antd's ripple on buttons) follows its own setting, not the motion token.
  const { wave } = useContext(ConfigProvider.ConfigContext);
  return (
    <span>
      motion {String(theme.useToken().token.motion)}, wave {wave?.disabled ? 'off' : 'on'}
    </span>
  );
}

const renderApp = () =>
  render(
    <MemoryRouter>
      <AppProviders queryClient={createQueryClient()}>
        <Motion />
      </AppProviders>
    </MemoryRouter>,
  );

afterEach(() => vi.restoreAllMocks());

describe("the app's theme and the system's motion setting (WCAG 2.3.3)", () => {
  it('animates drawers and menus by default', () => {
    systemMotion(false);
    renderApp();
    expect(screen.getByText('motion true, wave on')).toBeInTheDocument();
  });

  it("turns antd motion and the buttons' click wave off when the system asks for reduced motion, and back on when it stops", () => {
    const setReduce = systemMotion(true);
    renderApp();
    expect(screen.getByText('motion false, wave off')).toBeInTheDocument();
    act(() => setReduce(false));
    expect(screen.getByText('motion true, wave on')).toBeInTheDocument();
  });
});
