import { CheckCircleFilled, ScanOutlined } from '@ant-design/icons';
import { type FirstExpiryLot, invoiceDocument, type InvoiceDetail, type InvoiceLineRow, type InvoiceScanAnswer } from '@erp/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Drawer, Flex, Input, Modal, Table, Tag, Tooltip, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useRef, useState } from 'react';
import { documentKeys } from '../../../components/document/document-api.ts';
import { scanRefusal } from '../../../components/scan/scan-api.ts';
import { ScanInput, type ScanOutcome } from '../../../components/scan/scan-input.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { fieldErrorsOf } from '../../../lib/http.ts';
import { useIsNarrow } from '../../../lib/use-is-narrow.ts';
import { notFefoLotOf, scanForPicking } from './invoices-api.ts';

/** A scan the server refused as out of first-expiry order, waiting for the picker's confirmation. */
interface PendingConfirmation {
  scan: string;
  message: string;
  fefoLot: FirstExpiryLot;
}

const lotText = (lot: { lotNumber: string; dateExpiry: string | null }) => [lot.lotNumber || '-', lot.dateExpiry ? `exp ${formatDate(lot.dateExpiry)}` : null].filter(Boolean).join(' · ');

const columns: ColumnsType<InvoiceLineRow> = [
  { key: 'lineNo', title: '#', dataIndex: 'lineNo', width: 48 },
  { key: 'item', title: 'Item', render: (_: unknown, line) => line.item.itemName },
  {
    key: 'lot',
    title: 'Lot',
    render: (_: unknown, line) => (
      <Flex gap={6} wrap align="center">
        {lotText(line.lot)}
        {line.fefoOverride && (
          <Tooltip title={`First expiry was lot ${line.fefoOverride.fefoLotNumber}: ${line.fefoOverride.reason}`}>
            <Tag color="orange">Not first expiry</Tag>
          </Tooltip>
        )}
      </Flex>
    ),
  },
  {
    key: 'picked',
    title: 'Picked',
    align: 'right',
    render: (_: unknown, line) => (
      <span data-testid={`picked-line-${line.lineNo}`}>
        {line.pickedQuantity} / {line.quantity}
        {line.pickedQuantity === line.quantity && <CheckCircleFilled aria-label="Picked in full" style={{ color: '#389e0d', marginLeft: 6 }} />}
      </span>
    ),
  },
];

/**
 * Picking a draft invoice (issue 32, section 4): a Pick button opening a drawer whose scan box is
 * focused; each pack scanned counts on its line (the server moves a line to the scanned lot when
 * it may), and a lot out of first-expiry order asks for confirmation with a reason. Picks are
 * the saved draft's: closing the drawer reloads the invoice when a scan changed it.
 */
export function PickButton({ invoice }: { invoice: InvoiceDetail }) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const close = (changed: boolean) => {
    setOpen(false);
    if (changed) void queryClient.invalidateQueries({ queryKey: documentKeys.all(invoiceDocument.name) });
  };
  return (
    <>
      <Button icon={<ScanOutlined aria-hidden />} onClick={() => setOpen(true)}>
        Pick
      </Button>
      {open && <PickingDrawer invoice={invoice} onClose={close} />}
    </>
  );
}

function PickingDrawer({ invoice, onClose }: { invoice: InvoiceDetail; onClose: (changed: boolean) => void }) {
  const narrow = useIsNarrow();
  const [lines, setLines] = useState(invoice.lines);
  const changed = useRef(false);
  const scanBox = useRef<HTMLDivElement>(null);
  const [pending, setPending] = useState<PendingConfirmation>();
  const [confirmed, setConfirmed] = useState<string>();
  // A new scan box once an override is confirmed: the refusal the old one showed is answered.
  const [scanBoxKey, setScanBoxKey] = useState(0);
  const asked = useRef(false);
  // The confirmation answered or cancelled, the picker's next pack goes into the scan box again.
  useEffect(() => {
    if (pending) asked.current = true;
    else if (asked.current) {
      asked.current = false;
      scanBox.current?.querySelector('input')?.focus();
    }
  }, [pending]);
  const took = (answer: { data: InvoiceScanAnswer }) => {
    setLines(answer.data.invoice.lines);
    changed.current = true;
  };

  const onScan = async (scan: string): Promise<ScanOutcome> => {
    setConfirmed(undefined);
    try {
      const answer = await scanForPicking(invoice.id, { scan });
      took(answer);
      return { ok: true, summary: answer.message };
    } catch (error) {
      const message = scanRefusal(error);
      const fefoLot = notFefoLotOf(error);
      if (fefoLot) setPending({ scan, message, fefoLot });
      return { ok: false, message };
    }
  };

  const picked = lines.reduce((sum, line) => sum + line.pickedQuantity, 0);
  const total = lines.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <Drawer
      open
      title={`Pick ${invoice.documentNumber ?? 'draft invoice'} · ${invoice.customer.customerName}`}
      width={narrow ? '100%' : 720}
      // The scan box takes the focus, not the panel, once the drawer is in the page: the first pack scanned goes in.
      autoFocus={false}
      afterOpenChange={(open) => open && scanBox.current?.querySelector('input')?.focus()}
      onClose={() => onClose(changed.current)}
      destroyOnHidden
    >
      <Flex vertical gap={16}>
        <div ref={scanBox}>
          <ScanInput key={scanBoxKey} onScan={onScan} label="Scan" />
        </div>
        {confirmed && <Alert type="success" showIcon title={confirmed} />}
        <Table<InvoiceLineRow> size="small" rowKey="id" pagination={false} dataSource={lines} columns={columns} scroll={{ x: true }} />
        <Typography.Text data-testid="picked-total">
          {picked} of {total} units picked
        </Typography.Text>
      </Flex>
      {pending && (
        <FefoConfirmation
          invoiceId={invoice.id}
          pending={pending}
          onCancel={() => setPending(undefined)}
          onPicked={(answer) => {
            took(answer);
            setConfirmed(answer.message);
            setScanBoxKey((key) => key + 1);
            setPending(undefined);
          }}
        />
      )}
    </Drawer>
  );
}

/** The first-expiry lot named, the reason asked, and the scan sent again with `overrideFefo`. */
function FefoConfirmation({
  invoiceId,
  pending,
  onCancel,
  onPicked,
}: {
  invoiceId: number;
  pending: PendingConfirmation;
  onCancel: () => void;
  onPicked: (answer: { message: string; data: InvoiceScanAnswer }) => void;
}) {
  const [reason, setReason] = useState('');
  const reasonBox = useRef<TextAreaRef>(null);
  const confirm = useMutation({ mutationFn: () => scanForPicking(invoiceId, { scan: pending.scan, overrideFefo: true, reason: reason.trim() }), onSuccess: onPicked });
  const problem = confirm.error ? (fieldErrorsOf(confirm.error)?.reason ?? scanRefusal(confirm.error)) : undefined;
  const { fefoLot } = pending;
  const send = () => {
    if (reason.trim() !== '') confirm.mutate();
  };
  return (
    <Modal
      open
      title={`First expiry is lot ${fefoLot.lotNumber}`}
      okText="Pick the scanned lot"
      okButtonProps={{ disabled: reason.trim() === '' }}
      confirmLoading={confirm.isPending}
      onOk={send}
      onCancel={onCancel}
      // Once open, the reason takes the focus: without motion the dialog opens in the same frame as
      // the scan that asked, and its own focus handling would leave the textarea's autoFocus behind.
      afterOpenChange={(open) => open && reasonBox.current?.focus()}
      destroyOnHidden
    >
      <Flex vertical gap={8}>
        <Typography.Paragraph>{pending.message}</Typography.Paragraph>
        <Typography.Text>
          Lot {lotText(fefoLot)} should go first: cancel and scan a pack of it instead, or give the reason for taking the scanned lot.
        </Typography.Text>
        <label htmlFor="fefo-override-reason">Reason</label>
        <Input.TextArea
          id="fefo-override-reason"
          ref={reasonBox}
          autoFocus
          rows={2}
          maxLength={500}
          value={reason}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'fefo-override-problem' : undefined}
          onChange={(event) => setReason(event.target.value)}
        />
        {problem && (
          <Typography.Text id="fefo-override-problem" type="danger" role="alert">
            {problem}
          </Typography.Text>
        )}
      </Flex>
    </Modal>
  );
}
