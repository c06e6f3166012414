import { hasScope, type InventoryRow, type LotStatus, type LotStatusChange, lotStatusChangeSchema, lotStatusLabels, lotsQuarantineScope, lotsReleaseScope } from '@erp/domain';
import { HistoryOutlined, LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, List, Modal, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { Form } from '../../components/form.tsx';
import { problemsOfIssues, showFormProblems } from '../../components/document/form-problems.ts';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { formatStamp } from '../../lib/dates.ts';
import { errorMessage, fieldErrorsOf, http } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';
import { inventoryKeys } from './inventory-api.ts';

const colours: Record<LotStatus, string | undefined> = { released: undefined, expired: 'red', quarantined: 'orange', recalled: 'magenta', destroyed: 'default' };

/** A held lot's status (issue 31): what blocks it from sale, and why on hover. Released lots show nothing. */
export function LotStatusTag({ row }: { row: Pick<InventoryRow, 'lotStatus' | 'statusReason'> }) {
  if (row.lotStatus === 'released' || row.lotStatus === 'expired') return null;
  const tag = <Tag color={colours[row.lotStatus]}>{lotStatusLabels[row.lotStatus]}</Tag>;
  return row.statusReason ? <Tooltip title={row.statusReason}>{tag}</Tooltip> : tag;
}

type Change = 'quarantine' | 'release';
const changeWords: Record<Change, { title: string; done: string; extra: string }> = {
  quarantine: { title: 'Quarantine lot', done: 'Lot quarantined', extra: 'It is not sold, transferred or shipped until released.' },
  release: { title: 'Release lot', done: 'Lot released', extra: 'The Responsible Person\u2019s decision: the lot may be sold again.' },
};

/** Quarantine or release one row's lot: the reason asked, checked by the domain's schema, then sent. */
function ChangeModal({ row, change, onClose }: { row: InventoryRow; change: Change; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const [error, setError] = useState<string>();
  const queryClient = useQueryClient();
  const run = useMutation({
    mutationFn: async (body: { reason: string }) => (await http.post<{ message: string }>(`/api/inventory/${row.id}/${change}`, body)).data,
    onSuccess: async (answer) => {
      notify.success(answer.message || changeWords[change].done);
      await queryClient.invalidateQueries({ queryKey: inventoryKeys.all });
      onClose();
    },
    onError: (failure) => {
      setError(errorMessage(failure));
      const errors = fieldErrorsOf(failure);
      if (errors) showFormProblems(form, errors);
    },
  });
  const submit = () => {
    setError(undefined);
    const body = { reason: String(form.getFieldValue('reason') ?? '') };
    const checked = lotStatusChangeSchema.safeParse(body);
    const problems = checked.success ? {} : problemsOfIssues(checked.error.issues);
    showFormProblems(form, problems);
    if (checked.success) run.mutate(checked.data);
  };
  return (
    <Modal
      open
      title={`${changeWords[change].title} ${row.lotNumber || row.item.itemName}`}
      onCancel={onClose}
      okText={changeWords[change].title}
      cancelText="Close"
      okButtonProps={{ loading: run.isPending, danger: change === 'quarantine' }}
      onOk={submit}
    >
      <Typography.Paragraph type="secondary">
        {row.item.itemName}, {row.region.regionName}: {changeWords[change].extra}
      </Typography.Paragraph>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="reason" label="Reason" required>
          <Input.TextArea autoFocus maxLength={500} rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Every change of the row's status, oldest first. */
function HistoryModal({ row, onClose }: { row: InventoryRow; onClose: () => void }) {
  const history = useQuery({
    queryKey: [...inventoryKeys.all, 'status-history', row.id],
    queryFn: async () => (await http.get<{ data: LotStatusChange[] }>(`/api/inventory/${row.id}/status-history`)).data.data,
  });
  return (
    <Modal open title={`Status history of lot ${row.lotNumber || row.item.itemName}`} onCancel={onClose} footer={<Button onClick={onClose}>Close</Button>}>
      {history.isError && <Alert type="error" showIcon title={errorMessage(history.error)} />}
      <List<LotStatusChange>
        loading={history.isLoading}
        dataSource={history.data ?? []}
        locale={{ emptyText: 'Released since it was received' }}
        renderItem={(change) => (
          <List.Item>
            <List.Item.Meta
              title={`${lotStatusLabels[change.from]} \u2192 ${lotStatusLabels[change.to]}${change.document?.documentNumber ? ` (${change.document.documentNumber})` : ''}`}
              description={`${change.reason || 'No reason given'} \u00b7 ${change.changedBy?.name ?? 'System'}, ${formatStamp(change.changedAt)}`}
            />
          </List.Item>
        )}
      />
    </Modal>
  );
}

/** A row's status actions: quarantine (lots:quarantine), release (lots:release) and the history. */
export function LotStatusActions({ row }: { row: InventoryRow }) {
  const { user } = useAuth();
  const [open, setOpen] = useState<Change | 'history'>();
  if (!user) return null;
  const mayQuarantine = (row.lotStatus === 'released' || row.lotStatus === 'expired') && row.quantity > 0 && hasScope(user.role, user.scopes, lotsQuarantineScope);
  const mayRelease = row.lotStatus === 'quarantined' && row.excursionId === null && hasScope(user.role, user.scopes, lotsReleaseScope);
  const label = row.lotNumber || row.item.itemName;
  return (
    <Space size={4}>
      {mayQuarantine && <Button size="small" icon={<LockOutlined />} aria-label={`Quarantine ${label}`} title="Quarantine" onClick={() => setOpen('quarantine')} />}
      {mayRelease && <Button size="small" icon={<UnlockOutlined />} aria-label={`Release ${label}`} title="Release" onClick={() => setOpen('release')} />}
      <Button size="small" icon={<HistoryOutlined />} aria-label={`Status history of ${label}`} title="Status history" onClick={() => setOpen('history')} />
      {open === 'history' && <HistoryModal row={row} onClose={() => setOpen(undefined)} />}
      {(open === 'quarantine' || open === 'release') && <ChangeModal row={row} change={open} onClose={() => setOpen(undefined)} />}
    </Space>
  );
}
