import { fbrMessages, type FbrSettings } from '@erp/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { FbrConnectionCard } from './fbr-connection-card.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const stored: FbrSettings = {
  enabled: false,
  environment: 'sandbox',
  baseUrl: 'https://gw.fbr.gov.pk',
  effectiveBaseUrl: 'http://127.0.0.1:4010',
  baseUrlFromEnv: true,
  timeoutSeconds: 30,
  retryBaseSeconds: 30,
  concurrency: 8,
  registeredAsRetailer: false,
  sandboxTokenSet: true,
  productionTokenSet: false,
};

/** PUT answers the settings as they would be (tokens only as set / not set); `refuse` answers 409 instead. */
function serve(refuse?: { message: string; errors: Record<string, string> }) {
  return mockApi((config) => {
    if (config.method === 'put' && config.url === '/api/fbr/settings') {
      if (refuse) return { status: 409, data: { status: 409, ...refuse } };
      const body = JSON.parse(String(config.data)) as Record<string, unknown>;
      const settings = { ...stored, ...body, ...(body.sandboxToken !== undefined ? { sandboxTokenSet: body.sandboxToken !== '' } : {}) };
      delete (settings as Record<string, unknown>).sandboxToken;
      return { status: 200, data: { status: 200, message: 'FBR settings saved', settings } };
    }
    return { status: 404, data: {} };
  });
}

const sent = () => api!.calls.filter((call) => call.method === 'put').map((call) => JSON.parse(String(call.data)) as Record<string, unknown>);
const render = () => renderWithApp(<FbrConnectionCard settings={stored} />, { auth: authOf(userOf('admin')), path: '/settings?tab=fbr' });

describe('the FBR connection (issue 30, section 1)', () => {
  it('never shows a stored token: its input starts empty, beside whether one is set', async () => {
    api = serve();
    render();
    expect(await screen.findByLabelText('Sandbox token')).toHaveValue('');
    expect(screen.getByLabelText('Production token')).toHaveValue('');
    expect(screen.getByText('set')).toBeInTheDocument();
    expect(screen.getByText('not set')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear the sandbox token' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear the production token' })).toBeNull();
    // Where requests go, and that the server's FBR_BASE_URL wins over the stored URL.
    expect(screen.getByText('http://127.0.0.1:4010')).toBeInTheDocument();
    expect(screen.getByText(/FBR_BASE_URL on the server overrides the base URL/)).toBeInTheDocument();
    expect(screen.getByLabelText('Base URL')).toHaveValue('https://gw.fbr.gov.pk');
  });

  it('leaves a token unchanged when its input is empty, and sends one typed', async () => {
    api = serve();
    render();
    fireEvent.change(await screen.findByLabelText('Base URL'), { target: { value: 'https://gw.fbr.gov.pk/' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]).toEqual({ enabled: false, environment: 'sandbox', baseUrl: 'https://gw.fbr.gov.pk', timeoutSeconds: 30, retryBaseSeconds: 30, concurrency: 8, registeredAsRetailer: false });
    expect(await screen.findByText('FBR settings saved')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Production token'), { target: { value: 'a-production-token' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent()).toHaveLength(2));
    expect(sent()[1]).toMatchObject({ productionToken: 'a-production-token' });
    expect(sent()[1]).not.toHaveProperty('sandboxToken');
    // Saved: the input is emptied again, the token now only "set".
    await waitFor(() => expect(screen.getByLabelText('Production token')).toHaveValue(''));
  });

  it('clears a stored token by sending it empty, and nothing else', async () => {
    api = serve();
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Clear the sandbox token' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(sent()).toEqual([{ sandboxToken: '' }]));
  });

  it('checks the fields with the domain’s schema before sending', async () => {
    api = serve();
    render();
    fireEvent.change(await screen.findByLabelText('Base URL'), { target: { value: 'ftp://gw.fbr.gov.pk' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(fbrMessages.baseUrl)).toBeInTheDocument();
    expect(sent()).toHaveLength(0);
  });

  it('shows what enabling needs first: on the token’s field, and the whole refusal with the way to the company’s settings', async () => {
    const missing = { ntn: fbrMessages.ntnMissing, sandboxToken: fbrMessages.tokenMissing('sandbox') };
    api = serve({ message: fbrMessages.enableNeeds(Object.values(missing)), errors: missing });
    render();
    fireEvent.click(await screen.findByRole('switch', { name: 'Report invoices to FBR' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(fbrMessages.enableNeeds(Object.values(missing)))).toBeInTheDocument();
    expect(sent()[0]).toMatchObject({ enabled: true });
    // The field's own error renders after the alert's: waited for, as a user sees it come.
    expect(await screen.findByText('The sandbox token')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Company settings' })).toHaveAttribute('href', '/settings');
  });
});
