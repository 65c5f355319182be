import { describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_ACCOUNTS } from '../apps/api/src/db/seed/demo-accounts';
import { useBrowser } from './support/browser';
import { signInThroughApi } from './support/session';

const baseURL = inject('baseURL');

/**
 * Links the site shows that lead nowhere yet, each with the issue that builds its page. The test
 * fails when one of them starts to work, so this list only shrinks.
 */
const KNOWN_MISSING: Record<string, string> = {};

/** Internal links of a server-rendered page (assets, media and API files left out). */
function internalLinks(html: string): string[] {
  const links = new Set<string>();
  for (const [, raw] of html.matchAll(/<a\b[^>]*\shref="(\/[^"#]*)"/g)) {
    const href = raw!.replace(/&amp;/g, '&');
    if (href.startsWith('//') || href.startsWith('/api/') || href.startsWith('/assets/')) continue;
    links.add(href);
  }
  return [...links];
}

/** The internal links of the page as the browser shows it now (menus that are open included). */
async function renderedLinks(page: Page): Promise<string[]> {
  const hrefs = await page.$$eval('a[href]', (anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));
  return hrefs
    .filter((h) => h.startsWith('/') && !h.startsWith('//') && !h.startsWith('/api/') && !h.startsWith('/assets/'))
    .map((h) => h.split('#')[0]!)
    .filter(Boolean);
}

/** Opens a page signed in and waits until the client has rendered it (session, data, menus). */
async function visit(page: Page, path: string): Promise<void> {
  const res = await page.goto(`${baseURL}${path}`, { waitUntil: 'load' });
  expect(res?.status(), path).toBeLessThan(400);
  await page.waitForTimeout(1_200);
}

/** The pages every signed-in account has (header and user menu lead to them). */
const SIGNED_IN_PAGES = [
  '/',
  '/profile',
  '/account-settings',
  '/privacy-settings',
  '/payment-methods',
  '/favorites',
  '/price-alerts',
  '/notifications',
  '/comparison',
  '/premium-plans',
  '/phone-verification',
];

/**
 * Every internal link one account sees: the header and its menus (desktop, and the phone menu
 * opened), the main signed-in pages, and for staff the back office — its sidebar and every
 * section the sidebar leads to.
 */
async function linksSignedInAs(browser: Browser, account: { email: string; password: string }, staff: boolean) {
  const links = new Set<string>();
  const visited: string[] = [];
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'tr-TR' });
  await signInThroughApi(context, account.email, account.password);
  const page = await context.newPage();
  for (const path of SIGNED_IN_PAGES) {
    await visit(page, path);
    visited.push(path);
    for (const link of await renderedLinks(page)) links.add(link);
  }
  if (staff) {
    await visit(page, '/admin');
    const sidebar = await page.$$eval('nav[aria-label="Yönetim menüsü"] a[href]', (as) =>
      as.map((a) => a.getAttribute('href') ?? ''),
    );
    expect(sidebar.length, 'admin sidebar links').toBeGreaterThan(3);
    for (const section of sidebar) {
      await visit(page, section);
      visited.push(section);
      for (const link of await renderedLinks(page)) links.add(link);
    }
  }
  // The phone layout: the site's menu, and the back office's, opened.
  await page.setViewportSize({ width: 390, height: 844 });
  await visit(page, '/');
  await page.getByRole('button', { name: 'Menüyü aç' }).first().click();
  await page.waitForTimeout(300);
  for (const link of await renderedLinks(page)) links.add(link);
  if (staff) {
    await visit(page, '/admin');
    await page.getByRole('button', { name: 'Menüyü aç' }).first().click();
    await page.waitForTimeout(300);
    for (const link of await renderedLinks(page)) links.add(link);
  }
  await context.close();
  return { links, visited };
}

async function status(path: string): Promise<number> {
  const res = await fetch(`${baseURL}${path}`, { redirect: 'manual' });
  await res.arrayBuffer();
  return res.status;
}

describe('no dead links', () => {
  it('every internal link of the public pages (header, footer, home, listing, product, search, help) answers', async () => {
    const product = ((await (await fetch(`${baseURL}/api/products?limit=1`)).json()) as { data: { _id: string }[] })
      .data[0]!._id;
    const pages = [
      '/',
      '/category/telefon',
      '/category/telefon/premium',
      `/product/${product}`,
      '/search?q=kulaklik',
      '/help',
      '/stores',
      '/login',
    ];
    const links = new Set<string>();
    for (const page of pages) {
      const res = await fetch(`${baseURL}${page}`);
      expect(res.status, page).toBe(200);
      for (const link of internalLinks(await res.text())) links.add(link);
    }
    expect(links.size).toBeGreaterThan(50);

    const dead: string[] = [];
    const nowWorking: string[] = [];
    for (const link of links) {
      const code = await status(link);
      const missing = link.split('?')[0]! in KNOWN_MISSING;
      if (code === 404 && !missing) dead.push(link);
      if (code !== 404 && missing) nowWorking.push(link);
      expect(code, link).toBeLessThan(500);
    }
    expect(dead, 'links that answer 404').toEqual([]);
    expect(nowWorking, 'known-missing links that work now: remove them from KNOWN_MISSING').toEqual([]);
    // A hundred-odd pages rendered one after the other: more than a minute on a busy machine.
  }, 180_000);
});

describe('no dead links in the signed-in menus', () => {
  const browser = useBrowser();
  const roles = [
    { role: 'free user', account: DEMO_ACCOUNTS.user, staff: false },
    { role: 'premium user', account: DEMO_ACCOUNTS.premium, staff: false },
    { role: 'moderator', account: DEMO_ACCOUNTS.moderator, staff: true },
    { role: 'admin', account: DEMO_ACCOUNTS.admin, staff: true },
  ] as const;

  it.each(roles)(
    'every internal link a $role sees in the header, the menus and the main pages answers',
    async ({ account, staff }) => {
      const { links, visited } = await linksSignedInAs(browser(), account, staff);
      expect(links.size).toBeGreaterThan(staff ? 40 : 30);
      const dead: string[] = [];
      for (const link of links) {
        const code = await status(link);
        if (code === 404) dead.push(link);
        expect(code, link).toBeLessThan(500);
      }
      console.log(`[links] ${account.email}: ${visited.length} pages visited, ${links.size} links checked`);
      expect(dead, 'links that answer 404').toEqual([]);
    },
    180_000,
  );
});
