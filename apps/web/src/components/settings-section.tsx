import { Flex, Typography } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

/**
 * A field's share of a settings row: rows wrap at the narrow widths (768 px and below), and a
 * section of one or two fields does not stretch a number across the whole card.
 */
export const settingWidth = (minWidth: number): CSSProperties => ({ flex: 1, minWidth, maxWidth: 420 });

/**
 * An area's part of the settings screen (its manifest's `settings`): a heading naming what the
 * settings serve, then its form items in a wrapping row, inside the screen's one form.
 */
export function SettingsSection({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      {title && (
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {title}
        </Typography.Title>
      )}
      <Flex gap={16} wrap>
        {children}
      </Flex>
    </section>
  );
}
