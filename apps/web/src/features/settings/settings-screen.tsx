import { companySettingsSchema, messages } from '@erp/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Skeleton } from 'antd';
import { Form } from '../../components/form.tsx';
import { Suspense, useEffect, useState } from 'react';
import { applyServerFieldErrors, validateWithSchema } from '../../lib/form-errors.ts';
import { errorMessage } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';
import { fetchSettings, saveSettings, settingsKey } from './settings-api.ts';
import { LogoUpload } from './logo-upload.tsx';
import { PostingAccountsCard } from './posting-accounts-card.tsx';
import { requiredMark } from '../../components/required-mark.tsx';
import { settingsSections } from '../../lib/areas/area-registry.ts';
import { ScreenTitle } from '../../components/screen-title.tsx';
import { WithAddedTabs } from '../../components/added-tabs.tsx';

/** /settings (admin): the company's details, shown on the login page and printed documents, and every area's settings; the tabs other areas add after it (FBR's connection). */
export function SettingsScreen() {
  return (
    <WithAddedTabs route="/settings" title="Settings" ownKey="company" ownLabel="Company">
      {(showTitle) => <CompanySettingsTab showTitle={showTitle} />}
    </WithAddedTabs>
  );
}

function CompanySettingsTab({ showTitle }: { showTitle: boolean }) {
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
      {showTitle && <ScreenTitle>Settings</ScreenTitle>}
      <Flex gap={16} wrap>
        <LogoUpload kind="rectangle" url={settings.data?.rectangleLogo} />
        <LogoUpload kind="square" url={settings.data?.squareLogo} />
      </Flex>
      <Card>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
        <Form form={form} name="settings" layout="vertical" requiredMark={requiredMark} onFinish={submit}>
          {/* Each area's section (its manifest's `settings`), in the areas' order, as /api/settings composes them;
              each shows when its own chunk is in, so a slow one does not hold the company's fields back. */}
          <Flex vertical gap={8}>
            {settingsSections().map(({ area, component: Section }) => (
              <Suspense key={area} fallback={<Skeleton active />}>
                <Section />
              </Suspense>
            ))}
          </Flex>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            Save
          </Button>
        </Form>
      </Card>
      <PostingAccountsCard />
    </Flex>
  );
}
