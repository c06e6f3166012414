import { journalDocument, transferDocument } from '@erp/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authOf, renderWithApp, userOf } from '../../test/harness.tsx';
import { DocumentLinesTable, itemColumn, lineNumberColumn } from './document-lines-table.tsx';
import { DocumentSummary } from './document-summary.tsx';

const labels = (container: HTMLElement) => [...container.querySelectorAll('.ant-descriptions-item-label')].map((cell) => cell.textContent);

const transfer = {
  id: 4,
  status: 'dispatched',
  documentNumber: 'TRF-2026-000004',
  transferDate: '2026-03-10',
  dispatchedAt: '2026-03-10T09:30:00.000Z',
  receivedAt: null,
  cancelledAt: null,
  notes: 'By road',
};

describe('DocumentSummary', () => {
  it('puts number, the declared date, the own items, status, the stamps made and the notes in order', () => {
    const { container } = renderWithApp(<DocumentSummary definition={transferDocument} document={transfer} items={[{ key: 'from', label: 'From', children: 'North' }]} />, {
      auth: authOf(userOf('accountant')),
    });
    expect(labels(container)).toEqual(['Number', 'Date', 'From', 'Status', 'Dispatched', 'Notes']);
    expect(screen.getByText('TRF-2026-000004')).toBeInTheDocument();
    expect(screen.getByText('In transit')).toBeInTheDocument();
  });

  it('says a draft is not numbered, and shows the stamps asked for while unset as -', () => {
    const journal = { id: 1, status: 'draft', journalNumber: null, journalDate: '2026-03-10', narration: 'Rent', postedAt: null, cancelledAt: null };
    const { container } = renderWithApp(<DocumentSummary definition={journalDocument} document={journal} shownUnset={['posted']} error="Period closed" />, {
      auth: authOf(userOf('accountant')),
    });
    expect(labels(container)).toEqual(['Number', 'Date', 'Status', 'Posted', 'Narration']);
    expect(screen.getByText('Not numbered (draft)')).toBeInTheDocument();
    expect(screen.getByText('-')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Period closed');
  });
});

describe('DocumentLinesTable', () => {
  it('spans the Total label over the columns before the first total', () => {
    const lines = [{ lineNo: 1, item: { itemName: 'Glucose kit', articleNumber: 'GLU-1' }, memo: 'x', value: '12.50' }];
    type Line = (typeof lines)[number];
    renderWithApp(
      <DocumentLinesTable<Line>
        lines={lines}
        columns={[lineNumberColumn, itemColumn(), { key: 'memo', title: 'Memo', dataIndex: 'memo' }, { key: 'value', title: 'Value', render: (_: unknown, line) => line.value }]}
        totals={{ value: '12.50' }}
      />,
    );
    expect(screen.getByText('Glucose kit (GLU-1)')).toBeInTheDocument();
    const total = screen.getByText('Total').closest('td') as HTMLElement;
    expect(total).toHaveAttribute('colspan', '3');
    expect(total.closest('tr')).toHaveTextContent('Total12.50');
  });
});
