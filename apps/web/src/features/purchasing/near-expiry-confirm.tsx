import { Modal } from 'antd';
import { formatDate } from '../../lib/dates.ts';

/** One lot the server refused as near expiry, as the question lists it. */
export interface NearExpiryLot {
  key: string;
  text: string;
}

/** The line a `lines.N.dateExpiry` refusal names, with its lot and expiry when known. */
export function nearExpiryLot(key: string, message: string, lotOf: (line: number) => { lotNumber?: string | null; dateExpiry?: string | null } | undefined): NearExpiryLot {
  const line = Number(/^lines\.(\d+)\./.exec(key)?.[1] ?? -1);
  const lot = lotOf(line);
  return {
    key,
    text: `Line ${line + 1}${lot?.lotNumber ? `, lot ${lot.lotNumber}` : ''}${lot?.dateExpiry ? `, expiry ${formatDate(lot.dateExpiry)}` : ''}: ${message}`,
  };
}

/**
 * The question asked when the server refuses goods near expiry (purchasingMessages.nearExpiry):
 * the form's Save and Post and the view's Post ask it alike, then send again with
 * `acceptNearExpiry: true`.
 */
export function NearExpiryConfirm({ lots, onConfirm, onCancel }: { lots: readonly NearExpiryLot[] | undefined; onConfirm: () => void; onCancel: () => void }) {
  return (
    <Modal open={lots !== undefined} title="Receive goods near expiry?" okText="Receive anyway" cancelText="No" onOk={onConfirm} onCancel={onCancel}>
      <ul>
        {(lots ?? []).map((lot) => (
          <li key={lot.key}>{lot.text}</li>
        ))}
      </ul>
    </Modal>
  );
}
