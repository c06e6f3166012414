import { Typography } from 'antd';
import type { ReactNode } from 'react';

/** An item's name (or a link on it) with its article number under it, as the stock and sales lists show items. */
export function ItemNameCell({ name, articleNumber }: { name: ReactNode; articleNumber: string | null | undefined }) {
  return (
    <>
      {name}
      <Typography.Text type="secondary" style={{ display: 'block' }}>
        {articleNumber}
      </Typography.Text>
    </>
  );
}
