import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, useBrowser } from './support/browser';
import { signInThroughApi } from './support/session';

// Pages at a phone's width (390 px): nothing makes the page scroll sideways, in either theme.
// A table may scroll inside its own box; the page itself may not.
const baseURL = inject('baseURL');
const browser = useBrowser();
const PHONE = { width: 390, height: 844 };

async function anyProductId(): Promise<string> {
  const list = (await (await fetch(`${baseURL}/api/products?limit=1&sort=rating`)).json()) as {
    data: { _id: string }[];
  };
  return list.data[0]!._id;
}

/** How far the page reaches past the viewport's right edge, in CSS pixels. */
async function sidewaysOverflow(page: Page, path: string): Promise<number> {
  await page.goto(baseURL + path, { waitUntil: 'networkidle' });
  await page.locator('h1').first().waitFor();
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

describe('layout at 390 px', () => {
  it('no public page scrolls sideways', async () => {
    const paths = [
      '/',
      '/category/telefon',
      `/product/${await anyProductId()}`,
      '/search?q=kulaklik',
      '/stores',
      '/premium-plans',
      '/help',
      '/contact',
      '/comparison',
    ];
    for (const theme of ['light', 'dark'] as const) {
      const page = await newPage(browser(), { ...PHONE, theme });
      for (const path of paths)
        expect({ path, theme, overflow: await sidewaysOverflow(page, path) }).toMatchObject({ overflow: 0 });
      await page.context().close();
    }
  });

  it('no back-office page scrolls sideways', async () => {
    const page = await newPage(browser(), PHONE);
    await signInThroughApi(page.context(), 'admin@kiyasla.test', 'Admin123!');
    const paths = [
      '/admin',
      '/admin/analytics',
      '/admin/users',
      '/admin/categories',
      '/admin/products',
      '/admin/stores',
      '/admin/subscriptions',
      '/admin/reviews',
      '/admin/search-terms',
      '/admin/notifications',
      '/admin/settings',
      '/admin/audit-log',
    ];
    for (const path of paths)
      expect({ path, overflow: await sidewaysOverflow(page, path) }).toMatchObject({ overflow: 0 });
    await page.context().close();
  });

  it("keeps a product's compare, share, favorite and alert buttons on one line", async () => {
    const page = await newPage(browser(), PHONE);
    await page.goto(`${baseURL}/product/${await anyProductId()}`, { waitUntil: 'networkidle' });
    const share = page.getByRole('button', { name: 'Paylaş' });
    const row = share.locator('xpath=..');
    const tops = await row
      .locator('button')
      .evaluateAll((buttons) => buttons.map((b) => Math.round(b.getBoundingClientRect().top)));
    expect(tops.length).toBeGreaterThanOrEqual(4);
    expect(new Set(tops).size).toBe(1);
    await page.context().close();
  });
});
