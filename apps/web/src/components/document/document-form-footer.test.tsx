import { purchaseOrderDocument } from '@erp/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { DocumentFormFooter, type DraftFooterActions } from './document-form-footer.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const draftOrder = { id: 5, status: 'draft', documentNumber: null };

function actionsOf(pending: { save?: boolean; remove?: boolean } = {}) {
  return {
    save: { isPending: pending.save ?? false },
    remove: { isPending: pending.remove ?? false, mutateAsync: vi.fn(async () => 'Deleted') },
    submit: vi.fn(),
    setFormError: vi.fn(),
  } satisfies DraftFooterActions;
}

// The buttons' words, without their icons' names (`delete`, `loading`).
const buttonNames = () => screen.getAllByRole('button').map((button) => button.textContent);

describe('DocumentFormFooter', () => {
  it('offers a new document Close and Save draft, which saves it as a draft', async () => {
    const actions = actionsOf();
    const onClose = vi.fn();
    renderWithApp(<DocumentFormFooter definition={purchaseOrderDocument} canWrite canDelete={false} actions={actions} onClose={onClose} />, { auth: authOf(userOf('admin')) });
    expect(buttonNames()).toEqual(['Close', 'Save draft']);
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(actions.submit).toHaveBeenCalledWith(false);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("offers a saved draft Delete draft, its workflow's transitions, Close and Save draft, in that order", async () => {
    const actions = actionsOf();
    renderWithApp(<DocumentFormFooter definition={purchaseOrderDocument} document={draftOrder} canWrite canDelete actions={actions} onClose={vi.fn()} />, {
      auth: authOf(userOf('admin')),
    });
    expect(buttonNames()).toEqual(['Delete draft', 'Approve purchase order', 'Cancel purchase order', 'Close', 'Save draft']);
    // Every delete asks first.
    await userEvent.click(screen.getByRole('button', { name: /Delete draft/ }));
    expect(actions.remove.mutateAsync).not.toHaveBeenCalled();
    await userEvent.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(actions.remove.mutateAsync).toHaveBeenCalledTimes(1));
  });

  it("puts a refused transition's message above the form", async () => {
    api = mockApi(() => ({ status: 409, data: { status: 409, message: 'The vendor is not approved' } }));
    const actions = actionsOf();
    renderWithApp(<DocumentFormFooter definition={purchaseOrderDocument} document={draftOrder} canWrite canDelete={false} actions={actions} onClose={vi.fn()} />, {
      auth: authOf(userOf('admin')),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Approve purchase order' }));
    await userEvent.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(actions.setFormError).toHaveBeenCalledWith('The vendor is not approved'));
    expect(api.calls[0]).toMatchObject({ method: 'post', url: '/api/purchase-orders/5/approve' });
  });

  it('shows Save draft and Delete draft busy while they run', () => {
    renderWithApp(<DocumentFormFooter definition={purchaseOrderDocument} document={draftOrder} canWrite canDelete actions={actionsOf({ save: true, remove: true })} onClose={vi.fn()} />, {
      auth: authOf(userOf('admin')),
    });
    expect(screen.getByRole('button', { name: /Save draft/ })).toHaveClass('ant-btn-loading');
    expect(screen.getByRole('button', { name: /Delete draft/ })).toHaveClass('ant-btn-loading');
    expect(screen.getByRole('button', { name: 'Close' })).not.toHaveClass('ant-btn-loading');
  });

  it('leaves the row out for a reader', () => {
    const { container } = renderWithApp(<DocumentFormFooter definition={purchaseOrderDocument} document={draftOrder} canWrite={false} canDelete={false} actions={actionsOf()} onClose={vi.fn()} />, {
      auth: authOf(userOf('auditor')),
    });
    expect(container).toBeEmptyDOMElement();
  });

  it('keeps a start part for every reader, on the left of the buttons', () => {
    const { container, rerender } = renderWithApp(
      <DocumentFormFooter definition={purchaseOrderDocument} canWrite={false} canDelete={false} actions={actionsOf()} onClose={vi.fn()} start={<span>Reconciliation</span>} />,
      { auth: authOf(userOf('auditor')) },
    );
    expect(screen.getByText('Reconciliation')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    // Nothing to show on the left yet: the row stays, spread, with the buttons on the right.
    rerender(<DocumentFormFooter definition={purchaseOrderDocument} canWrite canDelete={false} actions={actionsOf()} onClose={vi.fn()} start={false} />);
    const row = container.firstElementChild!;
    expect(row).toHaveClass('no-print', 'ant-flex-justify-space-between');
    expect(row.children).toHaveLength(2);
    expect(buttonNames()).toEqual(['Close', 'Save draft']);
  });
});
