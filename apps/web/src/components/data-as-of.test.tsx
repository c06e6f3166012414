import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataAsOf } from './data-as-of.tsx';

afterEach(() => vi.useRealTimers());

const local = (iso: string) => new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });

describe('DataAsOf (issue 22: the "as of" of a heavy read)', () => {
  it('shows nothing for a live read (no replica) and no time of the screen', () => {
    const { container } = render(<DataAsOf read={{}} />);
    expect(container).toBeEmptyDOMElement();
  });

  it("shows a replica's data time today as a time of day", () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T12:00:00Z'));
    render(<DataAsOf read={{ dataAsOf: '2026-11-26T11:59:40Z', dataSource: 'replica' }} />);
    expect(screen.getByTestId('as-of')).toHaveTextContent(`Data as of ${local('2026-11-26T11:59:40Z')}`);
    expect(screen.getByTestId('as-of')).not.toHaveTextContent('live');
  });

  it('says the read fell back to the main database when the replica lagged', () => {
    render(<DataAsOf read={{ dataAsOf: new Date().toISOString(), dataSource: 'primary' }} />);
    expect(screen.getByTestId('as-of')).toHaveTextContent(/^Data as of \d\d:\d\d \(report copy behind, read live\)$/);
  });

  it('names the day of a data time of another day', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T12:00:00Z'));
    render(<DataAsOf read={{ dataAsOf: '2026-11-20T12:00:00Z', dataSource: 'replica' }} />);
    expect(screen.getByTestId('as-of')).toHaveTextContent(`Data as of 20 Nov, ${local('2026-11-20T12:00:00Z')}`);
  });

  it("falls back to the screen's own time (the dashboard's board) when the read says none", () => {
    render(<DataAsOf read={{}} at={new Date().toISOString()} />);
    expect(screen.getByTestId('as-of')).toHaveTextContent(/^Data as of \d\d:\d\d$/);
  });
});
