import { constants } from '@erp/domain';
import { useEffect, useState, type ComponentType } from 'react';
import type { NotifyHostProps } from './notify-host.tsx';

/**
 * Messages outside components (auth flow, query functions) go through the message API of
 * <NotifyHost/>, mounted by <NotifyBridge/> inside the theme (a hook, not antd's <App>, which
 * would pull Modal and Notification into the login page). The host and antd's message code
 * (~9 KiB gzip) load with the first message or when the shell mounts (`preloadNotices`): the
 * login page shows its failures inline and needs neither. Spec section 9: 4 s.
 */
type Level = 'success' | 'error' | 'warning' | 'info';

export interface Notice {
  type: Level;
  content: string;
  duration: number;
  key?: string;
}

/** At most three messages show at once (the host's maxCount); older queued ones would only flash. */
const maxQueued = 3;
let open: ((notice: Notice) => void) | undefined;
let queued: Notice[] = [];
let loadHost: (() => void) | undefined;

function show(type: Level, content: string, key?: string): void {
  const notice: Notice = { type, content, duration: constants.notificationSeconds, key };
  if (open) return open(notice);
  queued = [...queued.filter((q) => key === undefined || q.key !== key), notice].slice(-maxQueued);
  loadHost?.();
}

export const notify = {
  success: (text: string, key?: string) => show('success', text, key),
  error: (text: string, key?: string) => show('error', text, key),
  warning: (text: string, key?: string) => show('warning', text, key),
  info: (text: string, key?: string) => show('info', text, key),
};

/** The host hands its message API here and shows what was queued while it loaded. */
export function registerNotices(openNotice: (notice: Notice) => void): () => void {
  open = openNotice;
  const waiting = queued;
  queued = [];
  waiting.forEach(openNotice);
  return () => {
    if (open === openNotice) open = undefined;
  };
}

/** The signed-in shell loads the host at once, so a screen's first message is not delayed. */
export function preloadNotices(): void {
  loadHost?.();
}

/** Mounted once inside the ConfigProvider; mounts the host once a message needs it. */
export function NotifyBridge() {
  const [Host, setHost] = useState<ComponentType<NotifyHostProps> | undefined>(undefined);
  useEffect(() => {
    let loading = false;
    // A plain import, not React.lazy: a download that fails (offline) must not throw into the
    // tree above the error screen; the next message tries again.
    loadHost = () => {
      if (loading) return;
      loading = true;
      import('./notify-host.tsx').then(
        (m) => setHost(() => m.NotifyHost),
        () => (loading = false),
      );
    };
    if (queued.length > 0) loadHost();
    return () => {
      loadHost = undefined;
    };
  }, []);
  // The host is handed registerNotices rather than importing it: this file loads the host.
  return Host ? <Host register={registerNotices} /> : null;
}
