import './document-print.css';
import { defaultProductTitle } from '@erp/domain';
import { Flex, Typography } from 'antd';
import { useAuth } from '../../lib/auth/auth-provider.tsx';

/**
 * The letterhead of a printed document: the company's rectangular logo (or its name) and the
 * document's title and number. Hidden on screen, shown while usePrintView prints.
 */
export function DocumentPrintHeader({ title, number }: { title: string; number?: string | null }) {
  const { user } = useAuth();
  const settings = user?.company?.companySettings;
  const companyName = settings?.companyName || defaultProductTitle;
  return (
    <Flex className="document-print-header" justify="space-between" align="center" gap={16} data-testid="document-print-header">
      {settings?.rectangleLogo ? (
        <img src={settings.rectangleLogo} alt={companyName} style={{ maxHeight: 56, maxWidth: 240, objectFit: 'contain' }} />
      ) : (
        <Typography.Title level={4} style={{ margin: 0 }}>
          {companyName}
        </Typography.Title>
      )}
      <Typography.Title level={4} style={{ margin: 0 }}>
        {title} {number ?? ''}
      </Typography.Title>
    </Flex>
  );
}
