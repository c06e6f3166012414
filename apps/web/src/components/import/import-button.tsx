import { UploadOutlined } from '@ant-design/icons';
import type { ImportKindName } from '@erp/domain';
import { Button } from 'antd';
import { useState } from 'react';
import { ImportDrawer } from './import-drawer.tsx';

/** "Import" in a screen's header, opening the import drawer; the screen shows it only to those who may import. */
export function ImportButton({ kind, title, onImported }: { kind: ImportKindName; title: string; onImported?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)}>
        Import
      </Button>
      <ImportDrawer kind={kind} title={title} open={open} onClose={() => setOpen(false)} {...(onImported ? { onImported } : {})} />
    </>
  );
}
