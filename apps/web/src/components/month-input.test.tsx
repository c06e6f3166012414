import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Form } from './form.tsx';
import { MonthInput } from './month-input.tsx';

function Field({ initial, onValue }: { initial: string | null; onValue: (value: string | null) => void }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <MonthInput
      aria-label="Month"
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

describe('MonthInput', () => {
  it("shows the wire's YYYY-MM as a month, and gives a typed month back as YYYY-MM", async () => {
    const onValue = vi.fn();
    render(<Field initial="2026-03" onValue={onValue} />);
    const box = screen.getByRole('textbox', { name: 'Month' });
    expect(box).toHaveValue('Mar 2026');
    await userEvent.click(box);
    await userEvent.clear(box);
    await userEvent.type(box, 'Nov 2026{Enter}');
    await waitFor(() => expect(onValue).toHaveBeenLastCalledWith('2026-11'));
    await waitFor(() => expect(box).toHaveValue('Nov 2026'));
  });

  it('shows nothing for an empty value, and offers no clear button', () => {
    const { rerender } = render(<MonthInput aria-label="Month" value={null} />);
    expect(screen.getByRole('textbox', { name: 'Month' })).not.toHaveValue();
    // A run is always of some month: once set, it is changed, never emptied.
    rerender(<MonthInput aria-label="Month" value="2026-03" />);
    expect(screen.getByRole('textbox', { name: 'Month' })).toHaveValue('Mar 2026');
    expect(document.querySelector('.ant-picker-clear')).toBeNull();
  });

  it("is a form field named by its label, whose value is the form's", async () => {
    const onFinish = vi.fn();
    render(
      <Form onFinish={onFinish} initialValues={{ month: '2027-01' }}>
        <Form.Item name="month" label="Month">
          <MonthInput />
        </Form.Item>
        <button type="submit">Run</button>
      </Form>,
    );
    expect(screen.getByLabelText('Month')).toHaveValue('Jan 2027');
    await userEvent.click(screen.getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ month: '2027-01' }));
  });
});
