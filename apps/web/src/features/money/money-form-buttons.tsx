import type { DocumentDefinition } from '@erp/domain';
import { Button, Flex, Space } from 'antd';
import { DeleteButton } from '../../components/resource/delete-button.tsx';

interface Pending {
  isPending: boolean;
  variables?: unknown;
}

/** Delete draft (a saved one), Close, Save draft, Save and post: as the user may. */
export function MoneyFormButtons({
  definition,
  canDelete,
  canPost,
  save,
  remove,
  onRemove,
  onSubmit,
  onClose,
}: {
  definition: DocumentDefinition;
  canDelete: boolean;
  canPost: boolean;
  save: Pending;
  remove: Pending;
  onRemove: () => Promise<unknown>;
  onSubmit: (post: boolean) => void;
  onClose: () => void;
}) {
  return (
    <Flex justify="flex-end" wrap gap={8} className="no-print">
      <Space wrap>
        {canDelete && <DeleteButton singular={definition.singular} label="Delete draft" loading={remove.isPending} onConfirm={() => onRemove().catch(() => undefined)} />}
        <Button onClick={onClose}>Close</Button>
        <Button loading={save.isPending && save.variables === false} onClick={() => onSubmit(false)}>
          Save draft
        </Button>
        {canPost && (
          <Button type="primary" loading={save.isPending && save.variables === true} onClick={() => onSubmit(true)}>
            Save and post
          </Button>
        )}
      </Space>
    </Flex>
  );
}
