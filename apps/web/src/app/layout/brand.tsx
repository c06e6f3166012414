import { defaultProductTitle } from '@erp/domain';
import { Typography } from 'antd';

/** The company's name (or rectangular logo) at the top of the sider. */
export function Brand({ companyName, logo, compact }: { companyName: string | null | undefined; logo: string | null | undefined; compact?: boolean }) {
  const name = companyName || defaultProductTitle;
  return (
    <div style={{ height: 64, display: 'flex', alignItems: 'center', justifyContent: 'center', padding: '0 12px', overflow: 'hidden' }}>
      {logo && !compact ? (
        <img src={logo} alt={name} style={{ maxHeight: 40, maxWidth: '100%', objectFit: 'contain' }} />
      ) : (
        <Typography.Text strong ellipsis style={{ color: '#fff', fontSize: compact ? 18 : 16 }} title={name}>
          {compact ? name.charAt(0).toUpperCase() : name}
        </Typography.Text>
      )}
    </div>
  );
}
