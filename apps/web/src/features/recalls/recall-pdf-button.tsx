import { FilePdfOutlined } from '@ant-design/icons';
import { Button, type ButtonProps } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';

/** A named PDF of the recall (its report, a letter): busy while it comes, a refusal as a notice. */
export function RecallPdfButton({ label, download, ...button }: { label: string; download: () => Promise<void> } & Omit<ButtonProps, 'onClick' | 'loading'>) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await download();
    } catch (failure) {
      notify.error(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<FilePdfOutlined />} loading={busy} onClick={() => void run()} {...button}>
      {label}
    </Button>
  );
}
