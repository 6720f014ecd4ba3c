import { expect, test, type Page } from '@playwright/test';
import { gotoApp, newAccount, signUpViaApi } from '../support/app.ts';

/** Every CSP violation the page reports, from the console and from the DOM event. */
function collectViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|connect|frame|apply)/i.test(message.text()))
      violations.push(message.text());
  });
  return violations;
}

test('the app loads, signs in and streams under its Content Security Policy with no violation', async ({
  page,
}) => {
  const violations = collectViolations(page);
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  const response = await page.goto('/login');
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await gotoApp(page, '/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await signUpViaApi(page, newAccount('csp'));
  await gotoApp(page, '/profile');
  await expect(page.getByText('10,000').first()).toBeVisible();
  await gotoApp(page, '/');
  await page.waitForTimeout(500);
  expect(violations).toEqual([]);
});
