import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/harness.tsx';
import { FormDrawer } from './form-drawer.tsx';

function drawer(onClose: () => void) {
  return renderWithApp(
    <FormDrawer title="New region" open onClose={onClose} onSave={() => undefined} saving={false}>
      <Input aria-label="Region name" />
    </FormDrawer>,
  );
}

describe('a form drawer with unsaved changes', () => {
  it('closes at once while nothing was typed', () => {
    const onClose = vi.fn();
    drawer(onClose);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks before a close throws away what was typed, and keeps it on "Keep editing"', async () => {
    const onClose = vi.fn();
    drawer(onClose);
    fireEvent.input(screen.getByLabelText('Region name'), { target: { value: 'North' } });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect((await screen.findAllByText('Discard your changes?')).length).toBeGreaterThan(0);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});
