import { useQuery } from '@tanstack/react-query';
import { Alert, Flex, Skeleton } from 'antd';
import { errorMessage } from '../../lib/http.ts';
import { FbrConnectionCard } from './fbr-connection-card.tsx';
import { FbrLogoCard } from './fbr-logo-card.tsx';
import { FbrReferenceCard } from './fbr-reference-card.tsx';
import { FbrScenariosCard } from './fbr-scenarios-card.tsx';
import { fbrSettingsKeys, fetchFbrSettings } from './fbr-settings-api.ts';

/**
 * /settings?tab=fbr (issue 30; a tab FBR adds to /settings, the admin's): the company connected to
 * FBR before going live: the connection and its tokens, the logo printed on accepted invoices,
 * FBR's reference data, and the sandbox scenarios FBR asks for before a production token.
 */
export function FbrSettingsTab() {
  const settings = useQuery({ queryKey: fbrSettingsKeys.settings, queryFn: fetchFbrSettings });
  if (settings.isLoading) return <Skeleton active />;
  if (!settings.data) return <Alert type="error" showIcon title={errorMessage(settings.error)} />;
  return (
    <Flex vertical gap={16} style={{ maxWidth: 1100 }}>
      <FbrConnectionCard settings={settings.data} />
      <Flex gap={16} wrap>
        <FbrLogoCard />
        <FbrReferenceCard environment={settings.data.environment} />
      </Flex>
      <FbrScenariosCard settings={settings.data} />
    </Flex>
  );
}
