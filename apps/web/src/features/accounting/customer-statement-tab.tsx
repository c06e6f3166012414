import { Flex, Typography } from 'antd';
import { Form } from '../../components/form.tsx';
import { useState } from 'react';
import { CustomerStatement } from '../../components/money/customer-statement.tsx';
import { OptionSelect } from '../../components/resource/option-select.tsx';

/** /accounting's customer statement: pick a customer, then its statement for a period. */
export function CustomerStatementTab() {
  const [customerId, setCustomerId] = useState<number>();
  return (
    <Flex vertical gap={12}>
      <Form layout="vertical" className="no-print">
        <Form.Item label="Customer" htmlFor="statement-customer" style={{ maxWidth: 420, marginBottom: 0 }}>
          <OptionSelect id="statement-customer" resource="customers" placeholder="Choose a customer" value={customerId} onChange={(value) => setCustomerId(typeof value === 'number' ? value : undefined)} />
        </Form.Item>
      </Form>
      {customerId === undefined ? (
        <Typography.Text type="secondary">Choose a customer to see their statement.</Typography.Text>
      ) : (
        <CustomerStatement key={customerId} customerId={customerId} />
      )}
    </Flex>
  );
}
