import { Alert, Button, Drawer, Space } from 'antd';
import type { ReactNode } from 'react';
import { useIsNarrow } from '../lib/use-is-narrow.ts';
import { useUnsavedChangesGuard } from './unsaved-changes.tsx';

export interface FormDrawerProps {
  title: string;
  open: boolean;
  onClose: () => void;
  onSave: () => void;
  saving: boolean;
  /** A message for the whole form (field errors go on the fields). */
  error?: string;
  width?: number;
  children: ReactNode;
}

/** The drawer every create and edit form opens in: full width on small screens, Cancel and Save below. */
export function FormDrawer({ title, open, onClose, onSave, saving, error, width = 480, children }: FormDrawerProps) {
  const narrow = useIsNarrow();
  const guard = useUnsavedChangesGuard(open, onClose);
  return (
    <Drawer
      title={title}
      open={open}
      onClose={guard.requestClose}
      size={narrow ? '100%' : width}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" loading={saving} onClick={onSave}>
            Save
          </Button>
        </Space>
      }
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      {guard.track(children)}
    </Drawer>
  );
}
