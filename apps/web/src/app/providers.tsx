import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { AuthProvider } from '../lib/auth/auth-provider.tsx';
import { NotifyBridge } from '../lib/notify.tsx';
import { queryClient as defaultClient } from '../lib/query-client.ts';
import { reducedMotionQuery, useMediaQuery } from '../lib/use-media-query.ts';

/**
 * antd's defaults put some text under WCAG AA's 4.5:1 (STYLE.md: no serious axe violation):
 * error text and danger buttons (#ff4d4f, 3.3:1), links (#1677ff, 4.1:1), secondary text and
 * description labels and input placeholders (45% and 25% black), the lighter hover shades,
 * the green, orange and gold tags (3.4, 3.3, 2.8:1), the success and warning status tags (the
 * "near expiry" warning: 1.83:1), and the focus ring, drawn in colorPrimaryBorder (1.71:1 on
 * white; WCAG 1.4.11 asks 3:1). These shades keep each hue at 4.5:1 or more on white and on its
 * tag's tint, and the ring at 3:1.
 */
/** antd's colorTextSecondary: 65% black, 5.7:1 on white. */
const secondaryText = 'rgba(0, 0, 0, 0.65)';

const theme = {
  token: {
    colorPrimary: '#1668dc',
    borderRadius: 6,
    colorError: '#cf1322',
    colorLink: '#1668dc',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
    colorPrimaryHover: '#0958d9',
    colorPrimaryBorder: '#4a8ae6',
    colorErrorHover: '#a8071a',
  },
  components: {
    // Preset tags take their text colour from the palette's 7th shade; a global palette
    // override does not reach the tags' CSS variables, the component's own token does.
    Tag: { green7: '#237804', orange7: '#ad4e00', gold7: '#874d00', colorSuccess: '#237804', colorWarning: '#ad4e00' } as Record<string, string>,
  },
};

/** Theme, messages, queries and the session; the router wraps these (auth navigates). */
export function AppProviders({ children, queryClient = defaultClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const reducedMotion = useMediaQuery(reducedMotionQuery);
  const themed = useMemo(() => ({ ...theme, token: { ...theme.token, motion: !reducedMotion } }), [reducedMotion]);
  const wave = useMemo(() => ({ disabled: reducedMotion }), [reducedMotion]);
  return (
    // An empty table's "No data" is drawn in the disabled grey (1.8:1): say it in secondary
    // text. A plain span: Typography would pull Tabs, Menu and Dropdown into the login page.
    // The click wave is not antd motion: it kept a 2-second fade on every button clicked.
    <ConfigProvider theme={themed} wave={wave} renderEmpty={() => <span style={{ color: secondaryText }}>No data</span>}>
      <NotifyBridge />
      <QueryClientProvider client={queryClient}>
        <AuthProvider>{children}</AuthProvider>
      </QueryClientProvider>
    </ConfigProvider>
  );
}
