import { hasScope, type RecallDetail, recallClasses, recallDocument, recallOpenScope, recallSources } from '@erp/domain';
import { Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { DocumentListScreen } from '../../components/document/document-list-screen.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { formatDate } from '../../lib/dates.ts';
import { recallAddress } from './recall-address.ts';
import { RecallForm } from './recall-form.tsx';
import { RecallView } from './recall-view.tsx';

const labelOf = (list: readonly { value: string; label: string }[], value: unknown) => list.find((entry) => entry.value === value)?.label ?? String(value ?? '');

/**
 * /inventory?tab=recalls (issue 31, section 2): the recalls, paged, searched, sorted and exported
 * on the server, each opening in the document drawer (`&open=<id>`). Only a holder of
 * recalls:open starts or edits one; everyone with /inventory reads them.
 */
export function RecallsTab() {
  const { user } = useAuth();
  const canOpen = user !== undefined && hasScope(user.role, user.scopes, recallOpenScope);
  const [recallClass, setRecallClass] = useState<string>();
  return (
    <DocumentListScreen<RecallDetail>
      definition={recallDocument}
      address={recallAddress}
      showTitle={false}
      allowCreate={canOpen}
      searchPlaceholder="Reference, reason, lot or item"
      addressFilters={{ overdue: 'Report overdue' }}
      filters={recallClass ? { recallClass } : undefined}
      toolbar={
        <Select
          aria-label="Filter by Class"
          placeholder="Class"
          allowClear
          options={recallClasses.map((c) => ({ value: c.value, label: c.label }))}
          value={recallClass}
          onChange={(next: string | undefined) => setRecallClass(next)}
          style={{ minWidth: 120 }}
        />
      }
      columns={[
        { key: 'recallClass', dataIndex: 'recallClass', title: 'Class', render: (v: string) => labelOf(recallClasses, v) },
        { key: 'source', dataIndex: 'source', title: 'Source', render: (v: string, row) => [labelOf(recallSources, v), row.sourceReference].filter(Boolean).join(': ') },
        // The list's rows carry no lines: the reason, which names the lots in practice, stands for them.
        { key: 'reason', dataIndex: 'reason', title: 'Reason', ellipsis: true },
      ]}
      trailingColumns={[
        {
          key: 'reportDueDate',
          dataIndex: 'reportDueDate',
          title: 'Report due',
          render: (v: string | null, row) =>
            v ? (
              <Typography.Text>
                {formatDate(v)} {row.overdue === true && <Tag color="red">Overdue</Tag>}
              </Typography.Text>
            ) : (
              ''
            ),
        },
      ]}
      renderForm={({ document, onDone }) =>
        // The machinery lets every writer edit a draft; a recall's draft is the opener's (recalls:open).
        canOpen ? <RecallForm key={document?.id ?? 'new'} recall={document} onDone={onDone} /> : document ? <RecallView recall={document} onClose={() => onDone()} /> : null
      }
      renderView={({ document, onClose }) => <RecallView recall={document} onClose={onClose} />}
    />
  );
}
