import { companySettingsSchema, messages, nationalIdRules, netRoundingModes, netRoundingSteps } from '@erp/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Input, InputNumber, Select, Skeleton } from 'antd';
import { Form } from '../../components/form.tsx';
import { useEffect, useState } from 'react';
import { TextArea } from '../../components/text-area.tsx';
import { applyServerFieldErrors, validateWithSchema } from '../../lib/form-errors.ts';
import { errorMessage } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';
import { fetchSettings, saveSettings, settingsKey } from './settings-api.ts';
import { LogoUpload } from './logo-upload.tsx';
import { PostingAccountsCard } from './posting-accounts-card.tsx';
import { requiredMark } from '../../components/required-mark.tsx';
import { ScreenTitle } from '../../components/screen-title.tsx';

/** The countries whose national ids the app knows how to check (others: through the API, by their code). */
const countries = nationalIdRules.map((rule) => ({ value: rule.country, label: `${rule.countryName} (${rule.documentName})` }));

const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'].map(
  (label, index) => ({ value: index + 1, label }),
);

/** /settings (admin): the company's details, shown on the login page and printed documents. */
export function SettingsScreen() {
  const [form] = Form.useForm();
  const [error, setError] = useState<string>();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: settingsKey, queryFn: fetchSettings });

  useEffect(() => {
    if (settings.data) form.setFieldsValue(settings.data);
  }, [settings.data, form]);

  const save = useMutation({
    mutationFn: saveSettings,
    onSuccess: async () => {
      notify.success(messages.saved);
      await queryClient.invalidateQueries({ queryKey: settingsKey });
      await queryClient.invalidateQueries({ queryKey: ['public-company'] });
    },
    onError: (e) => {
      applyServerFieldErrors(form, e);
      setError(errorMessage(e));
    },
  });

  const submit = () => {
    setError(undefined);
    const { rectangleLogo: _r, squareLogo: _s, ...values } = form.getFieldsValue(true) as Record<string, unknown>;
    const body = validateWithSchema(form, companySettingsSchema, values);
    if (body) save.mutate(body);
  };

  if (settings.isLoading) return <Skeleton active />;
  if (settings.isError) return <Alert type="error" showIcon title={errorMessage(settings.error)} />;
  return (
    <Flex vertical gap={16} style={{ maxWidth: 900 }}>
      <ScreenTitle>
        Settings
      </ScreenTitle>
      <Flex gap={16} wrap>
        <LogoUpload kind="rectangle" url={settings.data?.rectangleLogo} />
        <LogoUpload kind="square" url={settings.data?.squareLogo} />
      </Flex>
      <Card>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
        <Form form={form} name="settings" layout="vertical" requiredMark={requiredMark} onFinish={submit}>
          <Form.Item label="Company name" name="companyName" required>
            <Input maxLength={120} />
          </Form.Item>
          <Form.Item label="Address" name="address">
            <TextArea maxLength={500} />
          </Form.Item>
          <Flex gap={16} wrap>
            <Form.Item label="Phone" name="phone" style={{ flex: 1, minWidth: 200 }}>
              <Input type="tel" maxLength={30} />
            </Form.Item>
            <Form.Item label="Tax number" name="taxNumber" style={{ flex: 1, minWidth: 200 }}>
              <Input maxLength={50} />
            </Form.Item>
          </Flex>
          <Flex gap={16} wrap>
            <Form.Item label="Currency" name="currency" style={{ flex: 1, minWidth: 140 }} normalize={(v: string) => v?.toUpperCase()}>
              <Input maxLength={3} />
            </Form.Item>
            <Form.Item label="Tax rate (%)" name="taxRate" style={{ flex: 1, minWidth: 140 }}>
              <InputNumber<string> stringMode precision={2} min="0" max="100" style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item label="Fiscal year starts in" name="fiscalYearStartMonth" style={{ flex: 1, minWidth: 180 }}>
              <Select options={months} />
            </Form.Item>
            <Form.Item label="Near-expiry window (days)" name="nearExpiryDays" style={{ flex: 1, minWidth: 180 }}>
              <InputNumber precision={0} min={0} max={3650} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item label="Country" name="country" style={{ flex: 1, minWidth: 180 }} extra="Employees' national ids are checked by its rule">
              <Select showSearch={{ optionFilterProp: 'label' }} options={countries} />
            </Form.Item>
          </Flex>
          {/* Generate Order (issue 19): what items and vendors without their own figures use. */}
          <Flex gap={16} wrap>
            <Form.Item label="Default lead time (days)" name="defaultLeadTimeDays" style={{ flex: 1, minWidth: 180 }}>
              <InputNumber precision={0} min={0} max={730} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item label="Review period (days)" name="reviewDays" style={{ flex: 1, minWidth: 180 }}>
              <InputNumber precision={0} min={0} max={365} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item label="Sales history (months)" name="historyMonths" style={{ flex: 1, minWidth: 180 }}>
              <InputNumber precision={0} min={1} max={24} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item label="Safety stock (days)" name="safetyStockDays" style={{ flex: 1, minWidth: 180 }}>
              <InputNumber precision={0} min={0} max={365} style={{ width: '100%' }} />
            </Form.Item>
          </Flex>
          {/* Payroll (issue 20): the net of every slip generated from now on; posted slips keep theirs. */}
          <Flex gap={16} wrap>
            <Form.Item label="Round pay slip net to" name="netRoundingStep" style={{ flex: 1, minWidth: 180 }}>
              <Select options={[...netRoundingSteps]} />
            </Form.Item>
            <Form.Item label="Net rounding" name="netRoundingMode" style={{ flex: 1, minWidth: 180 }} extra="The difference goes to the payroll rounding account">
              <Select options={[...netRoundingModes]} />
            </Form.Item>
          </Flex>
          <Form.Item label="Invoice footer" name="invoiceFooter">
            <TextArea maxLength={500} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            Save
          </Button>
        </Form>
      </Card>
      <PostingAccountsCard />
    </Flex>
  );
}
