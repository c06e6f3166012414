import { expect } from '@playwright/test';
import { test } from './fixtures.ts';
import { expectNoSeriousA11yViolations } from './support.ts';

// The check every journey leans on keeps axe in the page between calls (support.ts): it must
// still see what changed since the last call, and a violation must still fail it.
test('the accessibility check fails on a serious violation, also one made after an earlier check of the same page', async ({ page }) => {
  // The check is WCAG 2 A and AA: a link named unlike its text breaks a 2.1 rule, outside it.
  await page.setContent(
    '<html lang="en"><head><title>Check</title></head><body><main><h1>Clean</h1><p>Readable text.</p><a href="#top" aria-label="Open">Cash and bank</a></main></body></html>',
  );
  await expectNoSeriousA11yViolations(page, 'a clean page');

  await page.evaluate(() => {
    const button = document.createElement('button');
    document.querySelector('main')!.append(button);
    const faint = document.createElement('p');
    faint.textContent = 'Faint text';
    faint.style.color = '#eeeeee';
    document.querySelector('main')!.append(faint);
  });
  const failure = await expectNoSeriousA11yViolations(page, 'the same page changed').then(
    () => null,
    (error: Error) => error.message,
  );
  // Each rule with the elements it found: the first, quicker analysis finds no selectors, the second does.
  expect(failure).toMatch(/button-name \(critical\): .*\n {4}\S*button\b/);
  expect(failure).toMatch(/color-contrast \(serious\): .*\n {4}\S*p\b/);
});
