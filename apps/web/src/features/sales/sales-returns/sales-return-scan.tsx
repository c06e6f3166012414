import type { SalesReturnScan, SalesReturnScanLine } from '@erp/domain';
import { Alert, Button, Flex, List, Typography } from 'antd';
import { useState } from 'react';
import { ScanInput, type ScanOutcome } from '../../../components/scan/scan-input.tsx';
import { scanRefusal } from '../../../components/scan/scan-api.ts';
import { formatDate } from '../../../lib/dates.ts';
import { errorMessage } from '../../../lib/http.ts';
import { scanReturnedPack } from './sales-returns-api.ts';

export interface ReturnScanProps {
  customerId: number;
  /** The invoice the return is of, if chosen: a pack it sold goes back on it, whatever else sold the lot. */
  invoiceId: number | undefined;
  /** Puts one unit of the scanned pack on the return's row of that invoice line; answers what became of it. */
  onLine: (line: SalesReturnScanLine, scanned: SalesReturnScan) => Promise<ScanOutcome>;
}

/** "ITEM · lot L", what a scan read. */
export const scannedPack = (scanned: SalesReturnScan) => `${scanned.item.itemName} · lot ${scanned.lotNumber}`;

/**
 * Packs the customer brought back, scanned (issue 32, section 4): the server finds the customer's
 * posted invoice lines of the pack's item and lot with units left to return. One line (or one of
 * the return's own invoice) takes the unit at once; several are listed for the user to choose.
 */
export function ReturnScan({ customerId, invoiceId, onLine }: ReturnScanProps) {
  const [choice, setChoice] = useState<SalesReturnScan | null>(null);
  const [chosen, setChosen] = useState<ScanOutcome | null>(null);

  const onScan = async (scan: string): Promise<ScanOutcome> => {
    setChoice(null);
    setChosen(null);
    let scanned: SalesReturnScan;
    try {
      scanned = await scanReturnedPack({ scan, customerId });
    } catch (error) {
      return { ok: false, message: scanRefusal(error) };
    }
    const ofThisReturn = scanned.lines.filter((line) => line.invoiceId === invoiceId);
    const lines = ofThisReturn.length > 0 ? ofThisReturn : scanned.lines;
    if (lines.length === 1) {
      try {
        return await onLine(lines[0]!, scanned);
      } catch (error) {
        return { ok: false, message: errorMessage(error) };
      }
    }
    setChoice({ ...scanned, lines });
    return { ok: true, summary: `${scannedPack(scanned)}: sold on ${lines.length} invoice lines; choose the one it comes back on` };
  };

  const choose = async (line: SalesReturnScanLine) => {
    const scanned = choice!;
    setChoice(null);
    try {
      setChosen(await onLine(line, scanned));
    } catch (error) {
      setChosen({ ok: false, message: errorMessage(error) });
    }
  };

  return (
    <Flex vertical gap={8} style={{ marginBottom: 16 }}>
      <ScanInput onScan={onScan} label="Scan a returned pack" />
      {choice && (
        <List<SalesReturnScanLine>
          size="small"
          bordered
          header={<Typography.Text strong>{`Which sale of ${scannedPack(choice)} comes back?`}</Typography.Text>}
          dataSource={choice.lines}
          renderItem={(line) => (
            <List.Item
              actions={[
                <Button key="choose" size="small" onClick={() => void choose(line)} aria-label={`Return on ${line.documentNumber}`}>
                  Return on it
                </Button>,
              ]}
            >
              {`${line.documentNumber} of ${formatDate(line.invoiceDate)}: sold ${line.quantity}, returned ${line.returnedQuantity}, returnable ${line.returnable}`}
            </List.Item>
          )}
        />
      )}
      {chosen && <Alert type={chosen.ok ? 'success' : 'error'} showIcon title={chosen.ok ? chosen.summary : chosen.message} />}
    </Flex>
  );
}
