import { importMessages, type ImportPreview } from '@erp/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { ImportButton } from './import-button.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const columns = [
  { key: 'itemName', label: 'Item', required: true },
  { key: 'articleNumber', label: 'Article number', required: true },
  { key: 'categoryId', label: 'Category', required: true, hint: "the category's name" },
  { key: 'reorderLevel', label: 'Reorder level', required: false },
];

const preview: ImportPreview = {
  jobId: 42,
  fileName: 'catalogue.csv',
  headers: ['Item', 'Article number', 'Category', 'Reorder'],
  columns,
  mapping: { itemName: 'Item', articleNumber: 'Article number', categoryId: 'Category', reorderLevel: null },
  totalRows: 3,
  validRows: 2,
  invalidRows: 1,
  preview: [
    { rowNumber: 2, values: { itemName: 'CBC', articleNumber: 'A-1', categoryId: 'Reagents', reorderLevel: '' }, errors: {} },
    { rowNumber: 3, values: { itemName: 'ESR', articleNumber: 'A-2', categoryId: 'Nope', reorderLevel: '' }, errors: { categoryId: 'Category "Nope" does not exist' } },
    { rowNumber: 4, values: { itemName: 'Gloves', articleNumber: 'A-3', categoryId: 'Reagents', reorderLevel: '' }, errors: {} },
  ],
};

function importApi(options: { refuseAllOrNothing?: boolean } = {}) {
  return mockApi((config: InternalAxiosRequestConfig) => {
    const ok = (data: object) => ({ status: 200, data: { status: 200, message: 'OK', ...data } });
    if (config.method === 'post' && config.url === '/api/imports/items/preview') return ok({ ...preview, message: 'Preview ready' });
    if (config.method === 'post' && config.url === '/api/imports/items/42/preview') {
      const { mapping } = JSON.parse(String(config.data)) as { mapping: Record<string, string | null> };
      return ok({ ...preview, mapping });
    }
    if (config.method === 'post' && config.url === '/api/imports/items/42/run') {
      const body = JSON.parse(String(config.data)) as { mode: string };
      if (body.mode === 'allOrNothing' && options.refuseAllOrNothing) {
        return { status: 400, data: { status: 400, message: importMessages.allOrNothingRefused(1), errors: { 'rows.3.categoryId': 'Category "Nope" does not exist' } } };
      }
      return ok({
        message: importMessages.imported(2, 1),
        imported: 2,
        rejected: 1,
        job: { jobId: 42, kind: 'items', fileName: 'catalogue.csv', status: 'done', mode: 'validOnly', totalRows: 3, processedRows: 3, importedRows: 2, rejectedRows: 1, error: null },
      });
    }
    if (config.url === '/api/imports/jobs/42') {
      return ok({ job: { jobId: 42, kind: 'items', fileName: 'catalogue.csv', status: 'running', mode: 'validOnly', totalRows: 3, processedRows: 1, importedRows: 0, rejectedRows: 0, error: null } });
    }
    if (config.url === '/api/items') return ok({ data: [], total: 0 });
    return { status: 404, data: { status: 404, message: 'Not found' } };
  });
}

async function openAndUpload(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: /Import/ }));
  const dialog = await screen.findByRole('dialog');
  const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
  await user.upload(input, new File(['Item,Article number\nCBC,A-1\n'], 'catalogue.csv', { type: 'text/csv' }));
  await within(dialog).findByText('catalogue.csv');
  return dialog;
}

describe('ImportDrawer', () => {
  it('uploads a file, shows the mapping and the preview with the bad row\'s error, imports the valid rows and offers the rejected rows', async () => {
    api = importApi();
    const onImported = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<ImportButton kind="items" title="Import items" onImported={onImported} />, { auth: authOf(userOf('admin')) });
    const dialog = await openAndUpload(user);

    const upload = api.calls.find((c) => c.url === '/api/imports/items/preview')!;
    expect(upload.data).toBeInstanceOf(FormData);
    expect((upload.data as FormData).get('file')).toBeInstanceOf(File);
    expect(within(dialog).getByText('3 rows')).toBeInTheDocument();
    expect(within(dialog).getByText('1 with errors')).toBeInTheDocument();
    expect(within(dialog).getByText('Category "Nope" does not exist')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Column for Category')).toBeInTheDocument();
    expect(within(dialog).getByText("the category's name")).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Import 2 valid rows' }));
    expect(await within(dialog).findByText(importMessages.imported(2, 1))).toBeInTheDocument();
    const run = api.calls.find((c) => c.url === '/api/imports/items/42/run')!;
    expect(JSON.parse(String(run.data))).toEqual({ mode: 'validOnly', mapping: preview.mapping });
    expect(within(dialog).getByRole('button', { name: /Download rejected rows \(CSV\)/ })).toBeInTheDocument();
    expect(onImported).toHaveBeenCalledOnce();
  });

  it('changes a column of the mapping and previews again; all or nothing shows the refusal with the rows\' errors', async () => {
    api = importApi({ refuseAllOrNothing: true });
    const user = userEvent.setup();
    renderWithApp(<ImportButton kind="items" title="Import items" />, { auth: authOf(userOf('admin')) });
    const dialog = await openAndUpload(user);

    await user.click(within(dialog).getByLabelText('Column for Reorder level'));
    const option = await waitFor(() => {
      const found = screen.getAllByText('Reorder').find((el) => el.closest('.ant-select-item-option'));
      if (!found) throw new Error('No option Reorder');
      return found;
    });
    await user.click(option);
    await waitFor(() => expect(api!.calls.some((c) => c.url === '/api/imports/items/42/preview')).toBe(true));
    const remap = api.calls.find((c) => c.url === '/api/imports/items/42/preview')!;
    expect(JSON.parse(String(remap.data)).mapping).toMatchObject({ reorderLevel: 'Reorder' });

    await user.click(within(dialog).getByLabelText('All or nothing: import only if every row is valid'));
    await user.click(within(dialog).getByRole('button', { name: 'Import all 3 rows' }));
    expect(await within(dialog).findByText(importMessages.allOrNothingRefused(1))).toBeInTheDocument();
    expect(within(dialog).getByText('Row 3, Category: Category "Nope" does not exist')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /Download rejected rows \(Excel\)/ })).toBeInTheDocument();
  });

});
