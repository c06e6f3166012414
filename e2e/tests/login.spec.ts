import { expect } from '@playwright/test';
import { test } from './fixtures.ts';
import { expectNoSeriousA11yViolations, login, screenshot, signToken } from './support.ts';

test('the login page shows the company and asks for both fields', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('img', { name: /logo/i })).toBeVisible();
  await expect(page.getByText('Medilab Supplies')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the login page');
  await page.getByRole('button', { name: /log in/i }).click();
  await expect(page.getByText('Please input your username!')).toBeVisible();
  await expect(page.getByText('Please input your Password!')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the login page with its field errors');
  await screenshot(page, 'login-validation');
});

test('a wrong password is refused with one message', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: /log in/i }).click();
  await expect(page.getByText('Invalid username or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('a successful login lands on / and goes to the role home; /login then sends back', async ({ page }) => {
  await login(page, 'admin');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('logout clears the session and goes to /login', async ({ page }) => {
  await login(page, 'accountant');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('erp.')))).toEqual([]);
  await page.goto('/asset-categories');
  await expect(page).toHaveURL(/\/login$/);
});

test('an expired token at start sends to /login and is dropped', async ({ page }) => {
  const past = Math.floor(Date.now() / 1000) - 3600;
  const expired = signToken({ sub: '1', iat: past - 60, exp: past });
  await page.goto('/login');
  await page.evaluate((token) => localStorage.setItem('erp.token', token), expired);
  await page.goto('/regions');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('erp.token'))).toBeNull();
});
