import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Input, type FormInstance } from 'antd';
import { AxiosError, AxiosHeaders } from 'axios';
import { describe, expect, it } from 'vitest';
import { applyServerFieldErrors } from '../lib/form-errors.ts';
import { Form } from './form.tsx';

/** A form whose fields have no antd rules: the schema and the server check them (issue 27). */
function Harness({ onForm }: { onForm: (form: FormInstance) => void }) {
  const [form] = Form.useForm();
  onForm(form);
  return (
    <Form form={form}>
      <Form.Item name="name" label="Name">
        <Input />
      </Form.Item>
      <Form.Item name="code" label="Code">
        <Input />
      </Form.Item>
      <Form.List name="lines">
        {(fields) =>
          fields.map((field) => (
            <Form.Item key={field.key} name={[field.name, 'quantity']} label={`Quantity ${field.name + 1}`}>
              <Input />
            </Form.Item>
          ))
        }
      </Form.List>
    </Form>
  );
}

const serverError = (errors: Record<string, string>) =>
  new AxiosError('Invalid', '400', undefined, undefined, { status: 400, statusText: 'Bad Request', headers: {}, config: { headers: new AxiosHeaders() }, data: { status: 400, message: 'Invalid', errors } });

describe('Form (components/form.tsx)', () => {
  it('clears the error of a field, and only of that field, when it changes', async () => {
    let form!: FormInstance;
    render(<Harness onForm={(f) => (form = f)} />);
    act(() => {
      form.setFieldsValue({ lines: [{ quantity: '0' }, { quantity: '0' }] });
    });
    act(() => {
      form.setFields([
        { name: ['name'], errors: ['Name is required'] },
        { name: ['code'], errors: ['Code is taken'] },
        { name: ['lines', 1, 'quantity'], errors: ['Quantity must be above 0'] },
      ]);
    });
    expect(await screen.findByText('Name is required')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Name'), 'A');
    await waitFor(() => expect(screen.queryByText('Name is required')).not.toBeInTheDocument());
    expect(screen.getByText('Code is taken')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Quantity 2'), '5');
    await waitFor(() => expect(screen.queryByText('Quantity must be above 0')).not.toBeInTheDocument());
    expect(screen.getByText('Code is taken')).toBeInTheDocument();
  });

  it('clears a server error put on a field by applyServerFieldErrors', async () => {
    let form!: FormInstance;
    render(<Harness onForm={(f) => (form = f)} />);
    act(() => {
      applyServerFieldErrors(form, serverError({ code: 'Code is taken' }));
    });
    expect(await screen.findByText('Code is taken')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Code'), 'X');
    await waitFor(() => expect(screen.queryByText('Code is taken')).not.toBeInTheDocument());
  });
});
