import type { ImportChargeAllocation, ImportShipmentDetail, ImportShipmentWeight } from '@erp/domain';
import { todayWire } from '../../lib/dates.ts';

/**
 * A charge as the form keeps it. A save replaces the whole draft, so what the form does not show
 * (the description, rate, own split and hand allocations an API client gave) travels with it.
 */
export interface ChargeLine {
  kind?: string;
  description?: string;
  vendorId?: number | null;
  accountId?: number | null;
  billNumber?: string;
  amount?: string;
  exchangeRate?: string | null;
  splitMethod?: string | null;
  allocations?: ImportChargeAllocation[];
  /** The currency the saved rate was taken in (the draft's), never sent. */
  currency?: string;
  /** The vendor's or account's currency now, from its option (ChargePartyCurrency); undefined while unread. Never sent. */
  partyCurrency?: string;
}

export interface ShipmentFormValues {
  shipmentDate: string;
  reference: string;
  gdNumber: string;
  lcNumber: string;
  notes: string;
  splitMethod: string;
  goodsReceiptIds: number[];
  weights: ImportShipmentWeight[];
  // The charges, named `lines` as the lines editor keeps them.
  lines: ChargeLine[];
}

export const emptyCharge = (): ChargeLine => ({ kind: 'customsDuty', description: '', vendorId: null, accountId: null, billNumber: '', amount: '' });

export const valuesOf = (shipment: ImportShipmentDetail | undefined): ShipmentFormValues =>
  shipment
    ? {
        shipmentDate: shipment.shipmentDate,
        reference: shipment.reference,
        gdNumber: shipment.gdNumber,
        lcNumber: shipment.lcNumber,
        notes: shipment.notes,
        splitMethod: shipment.splitMethod,
        goodsReceiptIds: shipment.goodsReceiptIds,
        weights: shipment.weights ?? [],
        lines: shipment.charges.map((c) => ({
          kind: c.kind,
          description: c.description,
          vendorId: c.vendorId ?? null,
          accountId: c.accountId ?? null,
          billNumber: c.billNumber,
          amount: c.amount,
          exchangeRate: c.exchangeRate,
          splitMethod: c.splitMethod ?? null,
          allocations: c.allocations ?? [],
          currency: c.currency,
        })),
      }
    : { shipmentDate: todayWire(), reference: '', gdNumber: '', lcNumber: '', notes: '', splitMethod: 'value', goodsReceiptIds: [], weights: [], lines: [emptyCharge()] };

/**
 * A saved rate was taken for its currency on the saved date. It is sent again only while both
 * still hold, the party's currency read: a vendor may bill in another currency since (issue 33's
 * review), and another date takes its own rate. Otherwise none is sent and the server takes the date's.
 */
const rateOf = (line: ChargeLine, sameDate: boolean) => (sameDate && line.exchangeRate && line.currency !== undefined && line.partyCurrency === line.currency ? line.exchangeRate : null);

/** The request body: every field the draft holds, shown or not; `savedDate` is the draft's date as loaded. */
export const bodyOf = (values: ShipmentFormValues, savedDate?: string) => {
  const { lines, ...header } = values;
  return {
    ...header,
    goodsReceiptIds: header.goodsReceiptIds ?? [],
    weights: header.weights ?? [],
    charges: (lines ?? []).map((line) => ({
      kind: line.kind,
      description: line.description ?? '',
      vendorId: line.vendorId ?? null,
      accountId: line.accountId ?? null,
      billNumber: line.billNumber ?? '',
      amount: line.amount ?? '',
      exchangeRate: rateOf(line, savedDate !== undefined && savedDate === header.shipmentDate),
      splitMethod: line.splitMethod ?? null,
      ...(line.allocations ? { allocations: line.allocations } : {}),
    })),
  };
};
