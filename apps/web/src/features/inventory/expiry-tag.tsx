import { Tag } from 'antd';

/** Expired lots are blocked from sale and transfer; near-expiry lots are flagged (settings' window). */
export function ExpiryTag({ expired, nearExpiry }: { expired: boolean; nearExpiry: boolean }) {
  if (expired) return <Tag color="red">Expired, blocked</Tag>;
  if (nearExpiry) return <Tag color="orange">Near expiry</Tag>;
  return null;
}
