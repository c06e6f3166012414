import { addDecimals, isDecimalString, multiply, purchaseOrderDocument, type PurchaseOrderDetail, type PurchaseOrderInput } from '@erp/domain';
import { problemsOfIssues } from '../../components/document/form-problems.ts';

/** A line as the form holds it: the unit cost is an InputNumber string (stringMode), or empty. */
export interface OrderLineValues {
  itemId?: number | null;
  quantity?: number | null;
  unitCost?: string | null;
}

export interface OrderFormValues {
  orderDate?: string | null;
  vendorId?: number | null;
  regionId?: number | null;
  expectedDate?: string | null;
  notes?: string | null;
  lines?: (OrderLineValues | undefined)[];
}

export const emptyOrderLine = (): OrderLineValues => ({ itemId: undefined, quantity: null, unitCost: null });

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value).trim());

/** A line's value, exact (quantity x unit cost in integer cents); empty while either is missing or malformed. */
export function orderLineValue(line: OrderLineValues | undefined): string | undefined {
  const cost = text(line?.unitCost);
  const quantity = line?.quantity;
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || !isDecimalString(cost, 2)) return undefined;
  return multiply(quantity, cost);
}

/** The order's total as the user types: the sum of the lines' values that can be computed. */
export function orderTotal(lines: readonly (OrderLineValues | undefined)[] | undefined): string {
  return addDecimals((lines ?? []).map((line) => orderLineValue(line) ?? '0'));
}

/** Form values -> request body (PurchaseOrderInput); missing values stay missing, so the schema names them. */
export function orderBodyOf(values: OrderFormValues): PurchaseOrderInput {
  return {
    ...(values.orderDate ? { orderDate: values.orderDate } : {}),
    vendorId: values.vendorId ?? (undefined as unknown as number),
    regionId: values.regionId ?? (undefined as unknown as number),
    expectedDate: values.expectedDate ?? (undefined as unknown as string),
    notes: text(values.notes),
    lines: (values.lines ?? []).map((line) => ({
      itemId: line?.itemId ?? (undefined as unknown as number),
      quantity: line?.quantity ?? (undefined as unknown as number),
      unitCost: line?.unitCost === null || line?.unitCost === undefined || text(line.unitCost) === '' ? (undefined as unknown as string) : text(line.unitCost),
    })),
  };
}

export function orderFormValuesOf(order: PurchaseOrderDetail): OrderFormValues {
  return {
    orderDate: order.orderDate,
    vendorId: order.vendorId,
    regionId: order.regionId,
    expectedDate: order.expectedDate,
    notes: order.notes,
    lines: order.lines.map((line) => ({ itemId: line.itemId, quantity: line.quantity, unitCost: line.unitCost })),
  };
}

/**
 * What the server would refuse before sending, by field path: the declaration's input schema
 * (vendor, region, dates, lines' item, quantity and unit cost). The rest (an unapproved item,
 * an inactive vendor) comes back as the server's 400 on the same paths.
 */
export function orderFormProblems(values: OrderFormValues): Record<string, string> {
  const parsed = purchaseOrderDocument.inputSchema.safeParse(orderBodyOf(values));
  return parsed.success ? {} : problemsOfIssues(parsed.error.issues);
}
