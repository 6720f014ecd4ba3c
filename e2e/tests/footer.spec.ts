import { expect, test } from '@playwright/test';
import { gotoApp } from '../support/app.ts';
import { APP_URL } from '../support/env.ts';

/** "Real text": a few paragraphs, not a placeholder line. */
const LEGAL_TEXT_LENGTH_MIN = 800;

test('footer: copyright line with the year, Privacy and Terms open pages with real text', async ({
  page,
}) => {
  await gotoApp(page, '/login');
  await page.getByRole('button', { name: 'Play as guest' }).click();
  await expect(page).toHaveURL(`${APP_URL}/`);

  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Card Counter. All rights reserved.`);

  const pages = [
    { link: 'Privacy', path: '/privacy', heading: 'Privacy Policy' },
    { link: 'Terms', path: '/terms', heading: 'Terms of Service' },
  ];
  for (const legal of pages) {
    await page.getByRole('contentinfo').getByRole('link', { name: legal.link, exact: true }).click();
    await expect(page).toHaveURL(`${APP_URL}${legal.path}`);
    await expect(page.getByRole('heading', { level: 1, name: legal.heading })).toBeVisible();
    const text = await page.getByRole('main').innerText();
    expect(text.length).toBeGreaterThan(LEGAL_TEXT_LENGTH_MIN);
    await page.goBack();
    await expect(page).toHaveURL(`${APP_URL}/`);
  }
});
