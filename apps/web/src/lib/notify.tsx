import { constants } from '@erp/domain';
import { message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { useEffect } from 'react';

/**
 * Messages outside components (auth flow, query functions) go through the message API
 * that <NotifyBridge/> registers inside the theme (a hook, not antd's <App>, which would
 * pull Modal and Notification into the login page). Spec section 9: 4 s.
 */
let instance: MessageInstance | undefined;

type Level = 'success' | 'error' | 'warning' | 'info';

function show(level: Level, text: string, key?: string): void {
  if (!instance) return;
  void instance.open({ type: level, content: text, duration: constants.notificationSeconds, key });
}

export const notify = {
  success: (text: string, key?: string) => show('success', text, key),
  error: (text: string, key?: string) => show('error', text, key),
  warning: (text: string, key?: string) => show('warning', text, key),
  info: (text: string, key?: string) => show('info', text, key),
};

/** Mounted once inside the ConfigProvider; hands its message API to `notify`. */
export function NotifyBridge() {
  const [api, contextHolder] = message.useMessage({ maxCount: 3 });
  useEffect(() => {
    instance = api;
    return () => {
      if (instance === api) instance = undefined;
    };
  }, [api]);
  return contextHolder;
}
