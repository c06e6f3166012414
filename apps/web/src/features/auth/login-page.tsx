import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { defaultProductTitle, messages, type PublicCompany } from '@erp/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Input, theme } from 'antd';
import { Form } from '../../components/form.tsx';
import { useState } from 'react';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { http } from '../../lib/http.ts';

async function fetchCompany(): Promise<PublicCompany | null> {
  try {
    const { data } = await http.get<{ company: PublicCompany }>('/api/company', { skipSessionExpiry: true });
    return data.company ?? null;
  } catch {
    // The login page still works without the company's name; it shows the default title.
    return null;
  }
}

interface LoginValues {
  username: string;
  password: string;
}

/** Spec section 2, Login: logo and company name (or the default title), username, password, Log in. */
export function LoginPage() {
  const { login, state } = useAuth();
  const { token } = theme.useToken();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | undefined>(state.error ?? undefined);
  const company = useQuery({ queryKey: ['public-company'], queryFn: fetchCompany, staleTime: 5 * 60_000 });
  const name = company.data?.companyName || defaultProductTitle;
  const logo = company.data?.rectangleLogo;

  const onFinish = async (values: LoginValues) => {
    setSubmitting(true);
    setError(undefined);
    const failure = await login(values.username.trim(), values.password);
    setSubmitting(false);
    if (failure) setError(failure);
  };

  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 16, background: '#f0f2f5' }}>
      {/* A plain panel, not antd Card: Card imports Tabs, Menu and Dropdown, ~25 KB gzip the login page does not need. */}
      <section
        aria-label="Log in"
        style={{ width: '100%', maxWidth: 400, background: '#fff', borderRadius: 8, padding: 24, boxShadow: '0 1px 4px rgba(0, 0, 0, 0.08)' }}
      >
        <div style={{ textAlign: 'center', marginBottom: 24 }}>
          {logo && <img src={logo} alt={`${name} logo`} style={{ maxWidth: '100%', maxHeight: 80, objectFit: 'contain', marginBottom: 12 }} />}
          <h1 style={{ margin: 0, fontSize: 24, fontWeight: 600, color: token.colorTextHeading }}>{name}</h1>
        </div>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" />}
        <Form<LoginValues> name="login" layout="vertical" onFinish={(values) => void onFinish(values)} requiredMark={false}>
          <Form.Item label="Username" name="username" rules={[{ required: true, whitespace: true, message: messages.usernameRequired }]}>
            <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item label="Password" name="password" rules={[{ required: true, message: messages.passwordRequired }]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            Log in
          </Button>
        </Form>
      </section>
    </main>
  );
}
