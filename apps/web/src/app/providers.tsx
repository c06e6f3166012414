import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { AuthProvider } from '../lib/auth/auth-provider.tsx';
import { NotifyBridge } from '../lib/notify.tsx';
import { queryClient as defaultClient } from '../lib/query-client.ts';

/** Theme, messages, queries and the session; the router wraps these (auth navigates). */
export function AppProviders({ children, queryClient = defaultClient }: { children: ReactNode; queryClient?: QueryClient }) {
  return (
    <ConfigProvider theme={{ token: { colorPrimary: '#1668dc', borderRadius: 6 } }}>
      <NotifyBridge />
      <QueryClientProvider client={queryClient}>
        <AuthProvider>{children}</AuthProvider>
      </QueryClientProvider>
    </ConfigProvider>
  );
}
