import { type FbrEnvironment, type FbrSettings, fbrSettingsInputSchema } from '@erp/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Input, InputNumber, Popconfirm, Radio, Switch, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Form } from '../../components/form.tsx';
import { settingWidth } from '../../components/settings-section.tsx';
import { validateWithSchema } from '../../lib/form-errors.ts';
import { errorMessage, fieldErrorsOf } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';
import { fbrSettingsKeys, saveFbrSettings } from './fbr-settings-api.ts';

const tokenField = (environment: FbrEnvironment) => (environment === 'sandbox' ? 'sandboxToken' : 'productionToken');
const fieldsOfForm = new Set(['enabled', 'environment', 'baseUrl', 'timeoutSeconds', 'retryBaseSeconds', 'concurrency', 'registeredAsRetailer', 'sandboxToken', 'productionToken']);
/** What enabling needs of the company's own settings: they are set on the Company tab, not here. */
const companyFields = new Set(['ntn', 'province', 'businessActivity']);

/** The connection (issue 30, section 1): reporting on or off, where and how FBR is called, and the two write-only tokens. */
export function FbrConnectionCard({ settings }: { settings: FbrSettings }) {
  const [form] = Form.useForm();
  const client = useQueryClient();
  const [refusal, setRefusal] = useState<{ message: string; company: boolean }>();

  // Tokens are never answered: their inputs start empty whatever is stored, and stay so after each save.
  useEffect(() => {
    const { enabled, environment, baseUrl, timeoutSeconds, retryBaseSeconds, concurrency, registeredAsRetailer } = settings;
    form.setFieldsValue({ enabled, environment, baseUrl, timeoutSeconds, retryBaseSeconds, concurrency, registeredAsRetailer, sandboxToken: '', productionToken: '' });
  }, [settings, form]);

  const save = useMutation({
    mutationFn: saveFbrSettings,
    onSuccess: ({ message, settings: saved }) => {
      notify.success(message);
      form.setFieldsValue({ sandboxToken: '', productionToken: '' });
      client.setQueryData(fbrSettingsKeys.settings, saved);
      // The scenarios a company must pass hang on registeredAsRetailer, and whether they may run on the environment and token.
      void client.invalidateQueries({ queryKey: fbrSettingsKeys.scenarios });
    },
    onError: (error) => {
      const errors = fieldErrorsOf(error) ?? {};
      form.setFields(Object.entries(errors).flatMap(([name, text]) => (fieldsOfForm.has(name) ? [{ name, errors: [text] }] : [])));
      setRefusal({ message: errorMessage(error), company: Object.keys(errors).some((name) => companyFields.has(name)) });
    },
  });

  const submit = () => {
    setRefusal(undefined);
    const { sandboxToken, productionToken, ...values } = form.getFieldsValue(true) as Record<string, unknown>;
    // An empty token input leaves the stored token as it is; '' is sent only by Clear.
    const tokens = Object.fromEntries(Object.entries({ sandboxToken, productionToken }).filter(([, value]) => typeof value === 'string' && value.trim() !== ''));
    const body = validateWithSchema(form, fbrSettingsInputSchema, { ...values, ...tokens });
    if (body) save.mutate(body);
  };

  const clearToken = (environment: FbrEnvironment) => {
    setRefusal(undefined);
    form.setFields([{ name: tokenField(environment), value: '', errors: [] }]);
    save.mutate({ [tokenField(environment)]: '' });
  };

  return (
    <Card title="Connection">
      {refusal && (
        <Alert
          type="error"
          showIcon
          title={refusal.message}
          action={refusal.company ? <Link to="/settings">Company settings</Link> : undefined}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form form={form} name="fbr-connection" layout="vertical" onFinish={submit}>
        <Flex gap={16} wrap>
          <Form.Item label="Report invoices to FBR" name="enabled" valuePropName="checked" style={settingWidth(220)} extra="While on, every posted sale invoice is sent to FBR">
            <Switch />
          </Form.Item>
          <Form.Item label="Environment" name="environment" style={settingWidth(220)}>
            <Radio.Group aria-label="Environment" optionType="button" options={[{ value: 'sandbox', label: 'Sandbox' }, { value: 'production', label: 'Production' }]} />
          </Form.Item>
          <Form.Item label="Registered as a retailer" name="registeredAsRetailer" valuePropName="checked" style={settingWidth(220)} extra="Adds the retail scenarios SN026-SN028">
            <Switch />
          </Form.Item>
        </Flex>
        <Form.Item label="Base URL" name="baseUrl" extra={<EffectiveUrl settings={settings} />}>
          <Input maxLength={500} inputMode="url" />
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item label="Timeout (seconds)" name="timeoutSeconds" style={settingWidth(160)} extra="1 to 120, per call">
            <InputNumber min={1} max={120} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item label="Retry base (seconds)" name="retryBaseSeconds" style={settingWidth(160)} extra="Doubles each try, at most an hour">
            <InputNumber min={1} max={3600} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item label="Calls at once" name="concurrency" style={settingWidth(160)} extra="1 to 32">
            <InputNumber min={1} max={32} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Flex>
        <Flex gap={16} wrap>
          {(['sandbox', 'production'] as const).map((environment) => (
            <TokenField key={environment} environment={environment} isSet={settings[`${environment}TokenSet`]} clearing={save.isPending} onClear={() => clearToken(environment)} />
          ))}
        </Flex>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Save
        </Button>
      </Form>
    </Card>
  );
}

function EffectiveUrl({ settings }: { settings: FbrSettings }) {
  return (
    <span>
      Requests go to <Typography.Text code>{settings.effectiveBaseUrl}</Typography.Text>
      {settings.baseUrlFromEnv && ': FBR_BASE_URL on the server overrides the base URL'}
    </span>
  );
}

/** A token is write-only: the input holds only a new one; whether one is stored is the tag's to say. */
function TokenField({ environment, isSet, clearing, onClear }: { environment: FbrEnvironment; isSet: boolean; clearing: boolean; onClear: () => void }) {
  const label = environment === 'sandbox' ? 'Sandbox token' : 'Production token';
  return (
    <Flex vertical style={settingWidth(260)}>
      <Form.Item label={label} name={tokenField(environment)} style={{ marginBottom: 8 }} extra={isSet ? 'Leave empty to keep the stored token' : undefined}>
        <Input.Password autoComplete="new-password" placeholder={isSet ? 'Type a new one to replace it' : undefined} />
      </Form.Item>
      <Flex gap={8} align="center" style={{ marginBottom: 24 }}>
        <Typography.Text type="secondary">Stored:</Typography.Text>
        <Tag color={isSet ? 'green' : 'default'}>{isSet ? 'set' : 'not set'}</Tag>
        {isSet && (
          <Popconfirm title={`Clear the ${environment} token?`} okText="Yes" cancelText="No" okButtonProps={{ danger: true }} onConfirm={onClear}>
            <Button size="small" danger disabled={clearing} aria-label={`Clear the ${environment} token`}>
              Clear
            </Button>
          </Popconfirm>
        )}
      </Flex>
    </Flex>
  );
}
