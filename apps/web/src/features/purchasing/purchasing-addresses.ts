import { queryAddress } from '../../components/document/document-address.ts';

/** /purchase-orders is matched exactly (spec section 2): orders open at `?open=<id>`, receipts on their tab. */
export const orderAddress = queryAddress('/purchase-orders');
export const receiptAddress = queryAddress('/purchase-orders', { tab: 'receipts' });

/** A receipt form for an order: `/purchase-orders?tab=receipts&open=new&order=<id>`. */
export const receiveOrderPath = (orderId: number) => receiptAddress.href('new', { order: String(orderId) });
