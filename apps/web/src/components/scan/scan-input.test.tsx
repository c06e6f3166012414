import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ScanInput, type ScanOutcome } from './scan-input.tsx';

const GS = '\u001d';

function setup(outcome: ScanOutcome = { ok: true, summary: 'Read' }) {
  const onScan = vi.fn<(scan: string) => Promise<ScanOutcome>>().mockResolvedValue(outcome);
  const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
  render(
    <form onSubmit={onSubmit}>
      <ScanInput onScan={onScan} />
    </form>,
  );
  return { onScan, onSubmit, box: screen.getByLabelText('Scan'), user: userEvent.setup() };
}

describe('ScanInput (issue 32, section 3)', () => {
  it('is focused, and Enter sends what was typed as one scan without submitting the form', async () => {
    const { onScan, onSubmit, box, user } = setup();
    expect(box).toHaveFocus();
    await user.keyboard('0104012345678901{Enter}');
    expect(onScan).toHaveBeenCalledExactlyOnceWith('0104012345678901');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(await screen.findByText('Read')).toBeInTheDocument();
    expect(box).toHaveValue('');
    expect(box).toHaveFocus();
  });

  it('reads Ctrl+] as GS, by key or by code, and shows it as the GS symbol', async () => {
    const { onScan, box, user } = setup();
    await user.keyboard('10ABC{Control>}]{/Control}21S');
    expect(box).toHaveValue('10ABC\u241d21S');
    fireEvent.keyDown(box, { key: '5', code: 'BracketRight', ctrlKey: true });
    expect(box).toHaveValue('10ABC\u241d21S\u241d');
    await user.keyboard('{Enter}');
    expect(onScan).toHaveBeenCalledExactlyOnceWith(`10ABC${GS}21S${GS}`);
  });

  it('reads Alt with 0 2 9 on the numpad as GS, and swallows the digits', async () => {
    const { onScan, box, user } = setup();
    await user.keyboard('10ABC{Alt>}[Numpad0][Numpad2][Numpad9]{/Alt}21S{Enter}');
    expect(onScan).toHaveBeenCalledExactlyOnceWith(`10ABC${GS}21S`);
    expect(box).toHaveValue('');
  });

  it('keeps the keys it reads from the browser', () => {
    const { box } = setup();
    for (const key of [
      { key: ']', code: 'BracketRight', ctrlKey: true },
      { key: '0', code: 'Numpad0', altKey: true },
      { key: 'Enter', code: 'Enter' },
    ]) {
      expect(fireEvent.keyDown(box, key), key.code).toBe(false);
    }
    expect(fireEvent.keyUp(box, { key: 'Alt', code: 'AltLeft' })).toBe(false);
    expect(fireEvent.keyDown(box, { key: 'a', code: 'KeyA' })).toBe(true);
  });

  it('sends a substitute as typed (the server reads it as GS)', async () => {
    const { onScan, user } = setup();
    await user.keyboard('10ABC+21S{Enter}');
    expect(onScan).toHaveBeenCalledExactlyOnceWith('10ABC+21S');
  });

  it('queues packs scanned while the server answers the one before, and sends each in turn', async () => {
    const answers: Array<(outcome: ScanOutcome) => void> = [];
    const onScan = vi.fn(() => new Promise<ScanOutcome>((resolve) => answers.push(resolve)));
    render(<ScanInput onScan={onScan} />);
    const user = userEvent.setup();
    await user.keyboard('AAA{Enter}BBB{Enter}');
    expect(onScan).toHaveBeenCalledExactlyOnceWith('AAA');
    expect(screen.getByLabelText('Scan')).toHaveValue('');
    answers[0]!({ ok: true, summary: 'First' });
    await waitFor(() => expect(onScan).toHaveBeenCalledTimes(2));
    expect(onScan).toHaveBeenLastCalledWith('BBB');
    answers[1]!({ ok: true, summary: 'Second' });
    expect(await screen.findByText('Second')).toBeInTheDocument();
  });

  it('shows the refusal and sends nothing for an empty box', async () => {
    const { onScan, user } = setup({ ok: false, message: 'GTIN 04012345678902 has a wrong check digit; scan again' });
    await user.keyboard('{Enter}');
    expect(onScan).not.toHaveBeenCalled();
    await user.keyboard('x{Enter}');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('wrong check digit'));
  });
});
