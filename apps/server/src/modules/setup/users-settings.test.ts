import { messages } from '@erp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rectangleLogoPng } from '../../demo/png.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const as = (token: string) => ({ headers: bearer(token) });

function multipart(fieldName: string, fileName: string, bytes: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----erp-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${fieldName}"; filename="${fileName}"\r\nContent-Type: image/png\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('users', () => {
  it('creates a user whose rows never carry the password hash', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { name: 'Sara Ali', username: 'sara', role: 'accountant', password: 'Password@123', permissions: { regions: [1] }, scopes: ['invoices:cancel'] },
      ...as(t.adminToken),
    });
    expect(created.statusCode).toBe(201);
    const data = created.json().data;
    expect(data).toMatchObject({ name: 'Sara Ali', username: 'sara', role: 'accountant', active: true, permissions: { regions: [1] }, scopes: ['invoices:cancel'] });
    expect(JSON.stringify(data)).not.toMatch(/password/i);
    const list = await t.app.inject({ method: 'GET', url: '/api/users?search=sara', ...as(t.adminToken) });
    expect(list.json().total).toBe(1);
    expect(list.body).not.toMatch(/password|argon/i);
    const options = await t.app.inject({ method: 'GET', url: '/api/users/options', ...as(t.adminToken) });
    expect(options.json().options.find((o: { name: string }) => o.name === 'Sara Ali')).toEqual({ id: data.id, name: 'Sara Ali', username: 'sara', role: 'accountant' });
  });

  it('treats usernames as unique whatever their case', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { name: 'Other Sara', username: 'SARA', role: 'auditor', password: 'Password@123' },
      ...as(t.adminToken),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors).toEqual({ username: 'Username already exists' });
  });

  it('protects the caller from disabling, demoting or deleting themself', async () => {
    const self = await t.app.inject({ method: 'PUT', url: '/api/users/1', payload: { active: false }, ...as(t.adminToken) });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(messages.cannotChangeOwnUser);
    expect((await t.app.inject({ method: 'PUT', url: '/api/users/1', payload: { role: 'auditor' }, ...as(t.adminToken) })).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/users/1', ...as(t.adminToken) })).statusCode).toBe(409);
    // Another admin may demote this one while an active admin remains.
    const other = await t.userWithRole('admin');
    expect((await t.app.inject({ method: 'PUT', url: '/api/users/1', payload: { role: 'accountant' }, ...as(other.token) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'PUT', url: '/api/users/1', payload: { role: 'admin' }, ...as(other.token) })).statusCode).toBe(200);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/users/${other.id}`, ...as(t.adminToken) });
    expect(deleted.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/verify-token', ...as(other.token) })).statusCode).toBe(401);
  });

  it('resets a password', async () => {
    const user = await t.userWithRole('asm');
    const reset = await t.app.inject({ method: 'POST', url: `/api/users/${user.id}/reset-password`, payload: { password: 'Brand-New-1' }, ...as(t.adminToken) });
    expect(reset.json()).toEqual({ status: 200, message: messages.passwordReset });
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: user.username, password: 'Brand-New-1' } });
    expect(login.statusCode).toBe(200);
  });

  it('shows the audit log to admin and auditor only', async () => {
    const auditor = await t.userWithRole('auditor');
    const log = await t.app.inject({ method: 'GET', url: '/api/audit-log?resource=users', ...as(auditor.token) });
    expect(log.statusCode).toBe(200);
    expect(log.json().data[0]).toMatchObject({ resource: 'users' });
    expect(log.json().total).toBeGreaterThan(0);
    const accountant = await t.userWithRole('accountant');
    expect((await t.app.inject({ method: 'GET', url: '/api/audit-log', ...as(accountant.token) })).statusCode).toBe(403);
  });
});

describe('settings', () => {
  it('reads and saves the company settings, which the login page then shows', async () => {
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      payload: { companyName: 'Test Supplies', taxRate: '17.50', currency: 'PKR', rectangleLogo: null },
      ...as(t.adminToken),
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().settings).toMatchObject({ companyName: 'Test Supplies', taxRate: '17.50', fiscalYearStartMonth: 7 });
    const company = await t.app.inject({ method: 'GET', url: '/api/company' });
    expect(company.json().company.companyName).toBe('Test Supplies');
    const bad = await t.app.inject({ method: 'PUT', url: '/api/settings', payload: { companyName: '', taxRate: '1.234' }, ...as(t.adminToken) });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['companyName', 'taxRate']);
  });

  it('changes only the fields sent (issue 17), and takes the tax rate as a number or a numeric string', async () => {
    const put = (payload: object) => t.app.inject({ method: 'PUT', url: '/api/settings', payload, ...as(t.adminToken) });
    expect((await put({ companyName: 'Partial Supplies', address: '1 Mall Road, Lahore', taxRate: '17.00', nearExpiryDays: 60 })).statusCode).toBe(200);
    const renamed = await put({ companyName: 'Renamed Supplies' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().settings).toMatchObject({ companyName: 'Renamed Supplies', address: '1 Mall Road, Lahore', taxRate: '17.00', nearExpiryDays: 60 });
    const rate = await put({ taxRate: 16 });
    expect(rate.statusCode, rate.body).toBe(200);
    expect(rate.json().settings).toMatchObject({ companyName: 'Renamed Supplies', taxRate: '16.00', address: '1 Mall Road, Lahore' });
    const blank = await put({ companyName: '' });
    expect(blank.json().errors).toEqual({ companyName: 'Company name is required' });
  });

  it('is for the admin only', async () => {
    const auditor = await t.userWithRole('auditor');
    expect((await t.app.inject({ method: 'GET', url: '/api/settings', ...as(auditor.token) })).statusCode).toBe(403);
  });

  it('stores a logo checked by content and serves it with cache headers', async () => {
    const png = rectangleLogoPng();
    const upload = multipart('file', 'logo.png', png);
    const saved = await t.app.inject({ method: 'PUT', url: '/api/settings/logo/rectangle', payload: upload.payload, headers: { ...upload.headers, ...bearer(t.adminToken) } });
    expect(saved.statusCode).toBe(200);
    const url: string = saved.json().settings.rectangleLogo;
    expect(url).toMatch(/^\/api\/company\/logo\/rectangle\?v=/);
    const image = await t.app.inject({ method: 'GET', url });
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(png)).toBe(true);
    expect(image.headers['cache-control']).toContain('immutable');
    const etag = image.headers.etag as string;
    expect((await t.app.inject({ method: 'GET', url: '/api/company/logo/rectangle', headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    const verify = await t.app.inject({ method: 'POST', url: '/api/verify-token', ...as(t.adminToken) });
    expect(verify.json().user.company.companySettings.rectangleLogo).toBe(url);
  });

  it('refuses a file that is not an image, or too large', async () => {
    const text = multipart('file', 'logo.png', Buffer.from('<svg onload="alert(1)"></svg>'));
    const wrongType = await t.app.inject({ method: 'PUT', url: '/api/settings/logo/square', payload: text.payload, headers: { ...text.headers, ...bearer(t.adminToken) } });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().errors).toEqual({ file: messages.logoType });
    const big = multipart('file', 'logo.png', Buffer.concat([rectangleLogoPng(), Buffer.alloc(1024 * 1024 + 10)]));
    const tooLarge = await t.app.inject({ method: 'PUT', url: '/api/settings/logo/square', payload: big.payload, headers: { ...big.headers, ...bearer(t.adminToken) } });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().errors).toEqual({ file: messages.logoTooLarge });
    expect((await t.app.inject({ method: 'GET', url: '/api/company/logo/square' })).statusCode).toBe(404);
  });

  it('removes a logo', async () => {
    const removed = await t.app.inject({ method: 'DELETE', url: '/api/settings/logo/rectangle', ...as(t.adminToken) });
    expect(removed.json().settings.rectangleLogo).toBeNull();
    expect((await t.app.inject({ method: 'DELETE', url: '/api/settings/logo/rectangle', ...as(t.adminToken) })).statusCode).toBe(404);
    expect(messages.notFound).toBe('Not found');
  });
});
