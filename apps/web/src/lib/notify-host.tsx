import { message } from 'antd';
import { useEffect } from 'react';
import { registerNotices } from './notify.tsx';

/** antd's message API inside the theme, registered for `notify`. */
export function NotifyHost() {
  const [api, contextHolder] = message.useMessage({ maxCount: 3 });
  useEffect(() => registerNotices((notice) => void api.open(notice)), [api]);
  return contextHolder;
}
