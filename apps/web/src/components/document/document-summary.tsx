import { type DocumentDefinition, type DocumentStamp, formatDateTime } from '@erp/domain';
import { Alert, Descriptions, type DescriptionsProps, Flex } from 'antd';
import type { ReactNode } from 'react';
import { DocumentParts } from './document-parts.tsx';
import { formatDate } from '../../lib/dates.ts';
import type { DocumentRecord } from './document-api.ts';
import { DocumentPrintHeader } from './document-print-header.tsx';
import { DocumentStatusTag } from './document-status-tag.tsx';

export type SummaryItem = NonNullable<DescriptionsProps['items']>[number];

const twoColumns: DescriptionsProps['column'] = { xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 };

// The field a document keeps its free text in: journals and adjustments narrate, the others note.
const noteFields = ['notes', 'narration'];

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The document's number (journals keep theirs in `journalNumber`), null while a draft. */
export function documentNumberOf(definition: Pick<DocumentDefinition, 'numberField'>, document: DocumentRecord): string | null {
  return (document[definition.numberField ?? 'documentNumber'] as string | null | undefined) ?? null;
}

/** The document's date, labelled as its declaration labels the date field ('Date', 'Order date'). */
export function documentDateItem(definition: Pick<DocumentDefinition, 'dateField' | 'fields'>, document: DocumentRecord): SummaryItem {
  const label = definition.fields.find((field) => field.name === definition.dateField)?.label ?? 'Date';
  return { key: 'date', label, children: formatDate(document[definition.dateField]) };
}

export function documentStatusItem(definition: Pick<DocumentDefinition, 'stateLabels'>, document: DocumentRecord, extra?: ReactNode): SummaryItem {
  const tag = <DocumentStatusTag definition={definition} status={document.status} />;
  return {
    key: 'status',
    label: 'Status',
    children: extra !== undefined ? (
      <Flex gap={4} wrap>
        {tag}
        {extra}
      </Flex>
    ) : (
      tag
    ),
  };
}

/**
 * When each of the declaration's transitions happened (`<stamp>At`: Posted, Dispatched...), in
 * the declaration's order; a stamp not yet made is left out, or shown as '-' when in `shownUnset`.
 */
export function documentStampItems(definition: Pick<DocumentDefinition, 'transitions'>, document: DocumentRecord, shownUnset: readonly DocumentStamp[] = []): SummaryItem[] {
  const stamps = new Set(Object.values(definition.transitions).flatMap((transition) => (transition.stamp ? [transition.stamp] : [])));
  return [...stamps].flatMap((stamp) => {
    const at = document[`${stamp}At`];
    if (typeof at === 'string' && at) return [{ key: stamp, label: capitalised(stamp), children: formatDateTime(at) }];
    return shownUnset.includes(stamp) ? [{ key: stamp, label: capitalised(stamp), children: '-' }] : [];
  });
}

/** The notes (or narration) over the rest of the row, when there are any. */
export function documentNotesItems(definition: Pick<DocumentDefinition, 'fields'>, document: DocumentRecord): SummaryItem[] {
  const field = definition.fields.find((f) => noteFields.includes(f.name));
  const text = field ? document[field.name] : undefined;
  return field && typeof text === 'string' && text ? [{ key: field.name, label: field.label, span: 'filled', children: text }] : [];
}

/** Labelled facts of a document, bordered, under the error of its last action (when there is one). */
export function SummaryDescriptions({ items, column = twoColumns, error }: { items: readonly SummaryItem[]; column?: DescriptionsProps['column']; error?: string }) {
  return (
    <>
      {error && <Alert type="error" showIcon title={error} />}
      <Descriptions size="small" bordered column={column} items={items as SummaryItem[]} />
    </>
  );
}

export interface DocumentSummaryProps {
  definition: DocumentDefinition;
  document: DocumentRecord;
  /** The type's own header items, between the date and the status (vendor, regions...). */
  items?: readonly SummaryItem[];
  /** Beside the status tag, the two in a row (the order's receipt status; false while it has none). */
  statusExtra?: ReactNode;
  /** Stamps shown as '-' while not made (the journal's Posted). */
  shownUnset?: readonly DocumentStamp[];
  /** Last, after the notes (the journal's reversal links). */
  after?: readonly SummaryItem[];
  /** The last failed transition's message. */
  error?: string;
  /** The printed letterhead's title ('Purchase order'); none, no letterhead. */
  printTitle?: string;
}

/**
 * The head of a read-only document: letterhead (printing), the error of the last transition,
 * then number, date, the type's own items, status, the stamps of its transitions and its notes.
 */
export function DocumentSummary({ definition, document, items = [], statusExtra, shownUnset, after = [], error, printTitle }: DocumentSummaryProps) {
  const number = documentNumberOf(definition, document);
  return (
    <>
      {printTitle && <DocumentPrintHeader title={printTitle} number={number} />}
      <SummaryDescriptions
        error={error}
        items={[
          { key: 'number', label: 'Number', children: number ?? 'Not numbered (draft)' },
          documentDateItem(definition, document),
          ...items,
          documentStatusItem(definition, document, statusExtra),
          ...documentStampItems(definition, document, shownUnset),
          ...documentNotesItems(definition, document),
          ...after,
        ]}
      />
      <DocumentParts name={definition.name} document={document} />
    </>
  );
}
