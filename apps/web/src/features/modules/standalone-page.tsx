import { messages } from '@erp/domain';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

/** /invoice/:id lives outside the layout; its module comes later. */
export function StandalonePage({ title }: { title: string }) {
  const navigate = useNavigate();
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 16 }}>
      <Result
        status="info"
        title={title}
        subTitle={messages.moduleNotAvailable}
        extra={
          <Button type="primary" onClick={() => void navigate('/')}>
            Back to the application
          </Button>
        }
      />
    </main>
  );
}
