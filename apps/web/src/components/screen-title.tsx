import { Typography } from 'antd';
import type { ReactNode } from 'react';

/**
 * A screen's name as its one `h1` (WCAG 1.3.1 / 2.4.6: a screen reader's heading list starts
 * there), at the size the screens have always shown.
 */
export function ScreenTitle({ children }: { children: ReactNode }) {
  return (
    <Typography.Title level={1} style={{ margin: 0, fontSize: 24, lineHeight: 1.35 }}>
      {children}
    </Typography.Title>
  );
}
