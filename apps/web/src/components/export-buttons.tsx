import { FileExcelOutlined, FileTextOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../lib/http.ts';
import { notify } from '../lib/notify.tsx';

export type ExportFormat = 'csv' | 'xlsx';

/** Export CSV and Export Excel: each shows it is busy, and a failure reaches the user. */
export function ExportButtons({ onExport, disabled }: { onExport: (format: ExportFormat) => Promise<void>; disabled?: boolean }) {
  const [exporting, setExporting] = useState<ExportFormat>();
  const exportAs = async (format: ExportFormat) => {
    setExporting(format);
    try {
      await onExport(format);
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setExporting(undefined);
    }
  };
  // Its own Space: a fragment is one item of the caller's Space, and the two buttons touched.
  return (
    <Space size={8} wrap>
      <Button icon={<FileTextOutlined />} loading={exporting === 'csv'} onClick={() => void exportAs('csv')} disabled={disabled}>
        Export CSV
      </Button>
      <Button icon={<FileExcelOutlined />} loading={exporting === 'xlsx'} onClick={() => void exportAs('xlsx')} disabled={disabled}>
        Export Excel
      </Button>
    </Space>
  );
}
