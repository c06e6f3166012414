import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from 'antd';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DateInput } from './date-input.tsx';
import { Form } from './form.tsx';

function Field({ onValue }: { onValue: (value: string | null) => void }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <DateInput
      aria-label="Date"
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

describe('DateInput (issue 27)', () => {
  it.each(['01/12/2026', '1/12/2026', '1-12-2026', '01-12-2026', '1.12.2026', '2026-12-01', '1 Dec 2026'])('takes %s as 1 December 2026, day first', async (typed) => {
    const onValue = vi.fn();
    render(<Field onValue={onValue} />);
    const box = screen.getByLabelText('Date');
    await userEvent.click(box);
    await userEvent.type(box, typed);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(onValue).toHaveBeenLastCalledWith('2026-12-01'));
    // One format everywhere: it shows as the lists do.
    await waitFor(() => expect(box).toHaveValue('1 Dec 2026'));
  });

  it('never submits the form when Enter is pressed in it', async () => {
    const onFinish = vi.fn();
    const onValue = vi.fn();
    render(
      <Form onFinish={onFinish}>
        <Form.Item name="date" label="Date">
          <DateInput onChange={onValue} />
        </Form.Item>
        <Button htmlType="submit">Save</Button>
      </Form>,
    );
    const box = screen.getByLabelText('Date');
    await userEvent.click(box);
    await userEvent.type(box, '5 Mar 2027{Enter}');
    await waitFor(() => expect(onValue).toHaveBeenLastCalledWith('2027-03-05'));
    expect(onFinish).not.toHaveBeenCalled();
    // The form still submits from its button.
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ date: '2027-03-05' }));
  });
});
