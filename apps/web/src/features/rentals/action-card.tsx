import { Button, Card, Flex, Popconfirm } from 'antd';
import { type ReactNode, useState } from 'react';
import { errorMessage, http } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';

/** A small action form: its fields and one button posting `body()` to `url`. */
export function ActionCard({
  title,
  children,
  label,
  url,
  body,
  onDone,
  confirmation,
}: {
  title: string;
  children: ReactNode;
  label: string;
  url: string;
  body: () => object;
  onDone: () => void;
  /** A question asked before posting (a lot near expiry), when there is one. */
  confirmation?: string | undefined;
}) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const { data } = await http.post<{ message: string }>(url, body());
      notify.success(data.message);
      onDone();
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card size="small" title={title} style={{ flex: '1 1 260px' }}>
      <Flex vertical gap={8}>
        {children}
        {confirmation ? (
          <Popconfirm title={confirmation} okText="Yes" cancelText="No" onConfirm={() => run()}>
            <Button loading={busy}>{label}</Button>
          </Popconfirm>
        ) : (
          <Button onClick={() => void run()} loading={busy}>
            {label}
          </Button>
        )}
      </Flex>
    </Card>
  );
}
