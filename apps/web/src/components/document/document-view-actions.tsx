import { PrinterOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import type { ReactNode } from 'react';
import { usePrintView } from './use-print-view.ts';

/**
 * The buttons under a read-only document, not printed: its own (workflow first), Print, what
 * comes after Print (the order's PDF), Close.
 */
export function DocumentViewActions({
  children,
  afterPrint,
  onClose,
  printable = true,
}: {
  children?: ReactNode;
  afterPrint?: ReactNode;
  onClose: () => void;
  /** False where the document prints from a page of its own (the invoice): one way to print, not two. */
  printable?: boolean;
}) {
  const print = usePrintView();
  return (
    <Flex justify="flex-end" gap={8} wrap className="no-print">
      {children}
      {printable && (
        <Button icon={<PrinterOutlined />} onClick={print}>
          Print
        </Button>
      )}
      {afterPrint}
      <Button onClick={onClose}>Close</Button>
    </Flex>
  );
}
