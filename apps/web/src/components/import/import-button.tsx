import { UploadOutlined } from '@ant-design/icons';
import type { ImportKindName } from '@erp/domain';
import { Button } from 'antd';
import { useState } from 'react';
import type { ImportRunResult } from './import-api.ts';
import { ImportDrawer } from './import-drawer.tsx';

/** "Import" in a screen's header, opening the import drawer; the screen shows it only to those who may import. */
export function ImportButton({
  kind,
  title,
  onImported,
  params,
  disabled,
}: {
  kind: ImportKindName;
  title: string;
  onImported?: (result: ImportRunResult) => void;
  /** The upload's query string (a bank statement's `bankAccountId`). */
  params?: Readonly<Record<string, string | number>>;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)} disabled={disabled}>
        Import
      </Button>
      <ImportDrawer kind={kind} title={title} open={open} onClose={() => setOpen(false)} {...(onImported ? { onImported } : {})} {...(params ? { params } : {})} />
    </>
  );
}
