import { message, type MessageArgsProps } from 'antd';
import { useEffect } from 'react';

export interface NotifyHostProps {
  /** Hands the message API to `notify` (its `registerNotices`, passed by <NotifyBridge/>, which loads this file lazily). */
  register: (open: (notice: MessageArgsProps) => void) => () => void;
}

/** antd's message API inside the theme, registered for `notify`. */
export function NotifyHost({ register }: NotifyHostProps) {
  const [api, contextHolder] = message.useMessage({ maxCount: 3 });
  useEffect(() => register((notice) => void api.open(notice)), [api, register]);
  return contextHolder;
}
