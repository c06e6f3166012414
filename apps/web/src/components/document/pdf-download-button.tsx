import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';

/** Downloads a document's server-rendered PDF (`GET /api/<name>/:id/pdf`): busy while it comes, a refusal as a notice. */
export function PdfDownloadButton({ download }: { download: () => Promise<void> }) {
  const [downloading, setDownloading] = useState(false);
  const run = async () => {
    setDownloading(true);
    try {
      await download();
    } catch (failure) {
      notify.error(errorMessage(failure));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={downloading} onClick={() => void run()}>
      Download PDF
    </Button>
  );
}
