import { hasScope, itemGtinsWriteScope, type PurchaseOrderDetail } from '@erp/domain';
import type { FormInstance } from 'antd';
import { useState } from 'react';
import { lookupScan, scanRefusal, type ScanLookup } from '../../components/scan/scan-api.ts';
import { ScanInput, type ScanOutcome } from '../../components/scan/scan-input.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import type { ReceiptFormValues, ReceiptRowValues } from './goods-receipt-checks.ts';
import { LinkGtinModal } from './link-gtin-modal.tsx';
import { applyScan, receiptScanMessages } from './receipt-scan.ts';

/** A scan waiting for its GTIN to be linked: the outcome the scan box shows once the modal closes. */
interface Linking {
  gtin: string;
  scan: string;
  settle: (outcome: ScanOutcome) => void;
}

/**
 * The receipt form's scan box (issue 32, section 4): each pack scanned is looked up in the order's
 * region (`POST /api/gs1/lookup`) and fills a row of its item (receipt-scan.ts). A GTIN no item
 * has opens "Link this GTIN" for holders of item-gtins:write, and the scan is applied once linked.
 */
export function ReceiptScanInput({ form, order }: { form: FormInstance<ReceiptFormValues>; order: PurchaseOrderDetail }) {
  const { user } = useAuth();
  const mayLink = user !== undefined && hasScope(user.role, user.scopes, itemGtinsWriteScope);
  const [linking, setLinking] = useState<Linking>();

  const lookup = async (scan: string): Promise<ScanLookup | ScanOutcome> => {
    try {
      return await lookupScan({ scan, regionId: order.regionId });
    } catch (error) {
      return { ok: false, message: scanRefusal(error) };
    }
  };
  const apply = (found: ScanLookup): ScanOutcome => {
    if (!found.item) return { ok: false, message: found.scan.gtin ? receiptScanMessages.notLinked(found.scan.gtin) : receiptScanMessages.noGtin };
    const { rows, outcome } = applyScan((form.getFieldValue('lines') as ReceiptRowValues[] | undefined) ?? [], order, { ...found, item: found.item });
    if (outcome.ok) form.setFieldValue('lines', rows);
    return outcome;
  };

  const onScan = async (scan: string): Promise<ScanOutcome> => {
    const found = await lookup(scan);
    if ('ok' in found) return found;
    const gtin = found.scan.gtin;
    if (found.item || !gtin || !mayLink) return apply(found);
    return new Promise<ScanOutcome>((settle) => setLinking({ gtin, scan, settle }));
  };

  const close = async (linked: boolean) => {
    const waiting = linking!;
    setLinking(undefined);
    if (!linked) return waiting.settle({ ok: false, message: receiptScanMessages.linkDeclined(waiting.gtin) });
    const found = await lookup(waiting.scan);
    waiting.settle('ok' in found ? found : apply(found));
  };

  return (
    <>
      <ScanInput onScan={onScan} />
      {linking && <LinkGtinModal gtin={linking.gtin} order={order} onLinked={() => void close(true)} onCancel={() => void close(false)} />}
    </>
  );
}
