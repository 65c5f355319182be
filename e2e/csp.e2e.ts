import { describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { useBrowser } from './support/browser';
import { signInThroughApi } from './support/session';

const baseURL = inject('baseURL');
const browser = useBrowser();

/**
 * The Content-Security-Policy has no 'unsafe-inline' for scripts: every inline script the pages
 * need carries the response's nonce. A page whose script lacks it breaks (no hydration, no
 * theme); this suite opens each kind of page in Chromium and fails on any violation.
 */

interface Violation {
  directive: string;
  blocked: string;
  sample: string;
}

declare global {
  interface Window {
    __cspViolations?: Violation[];
  }
}

/** A context that records every `securitypolicyviolation` event and CSP console error of its pages. */
async function recordingContext(): Promise<{ context: BrowserContext; consoleErrors: string[] }> {
  const context = await browser().newContext({ viewport: { width: 1280, height: 900 }, locale: 'tr-TR' });
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations!.push({ directive: e.effectiveDirective, blocked: e.blockedURI, sample: e.sample });
    });
  });
  const consoleErrors: string[] = [];
  context.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy|Permissions-Policy|Permissions Policy/i.test(text)) consoleErrors.push(text);
  });
  return { context, consoleErrors };
}

/** Opens `path`, waits for hydration and the network to settle, and returns the violations seen. */
async function visit(page: Page, path: string): Promise<Violation[]> {
  const response = await page.goto(baseURL + path, { waitUntil: 'networkidle' });
  expect(response?.status(), path).toBeLessThan(500);
  await page.waitForFunction(() => {
    const main = document.querySelector('main') ?? document.body;
    return Object.keys(main).some((key) => key.startsWith('__reactFiber'));
  });
  return page.evaluate(() => window.__cspViolations ?? []);
}

async function firstProductId(): Promise<string> {
  const res = await fetch(`${baseURL}/api/products?limit=1`);
  return ((await res.json()) as { data: { _id: string }[] }).data[0]!._id;
}

describe('the Content-Security-Policy in Chromium', () => {
  it('is violated by an inline script without the nonce (the listener works)', async () => {
    const { context } = await recordingContext();
    const page = await context.newPage();
    await visit(page, '/help');
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.body.append(script);
    });
    await page.waitForFunction(() => (window.__cspViolations ?? []).length > 0);
    const violations = await page.evaluate(() => window.__cspViolations ?? []);
    expect(violations[0]).toMatchObject({ directive: 'script-src-elem', blocked: 'inline' });
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
    await context.close();
  });

  it('is never violated on the public pages', async () => {
    const product = await firstProductId();
    const pages = [
      '/',
      '/category/telefon',
      '/category/telefon/premium',
      `/product/${product}`,
      '/search?q=kulaklik',
      '/help',
      '/contact',
      '/privacy',
      '/privacy-policy',
      '/terms',
      '/cookies',
      '/stores',
      '/premium-plans',
      '/login',
      '/register',
      '/forgot-password',
      '/reset-password?token=abc',
      '/comparison',
      '/no-such-page',
    ];
    const { context, consoleErrors } = await recordingContext();
    const page = await context.newPage();
    const found: Record<string, Violation[]> = {};
    for (const path of pages) {
      const violations = await visit(page, path);
      if (violations.length) found[path] = violations;
    }
    // Dark theme too: the theme script runs before the first paint.
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    const dark = await visit(page, '/');
    if (dark.length) found['/ (dark)'] = dark;
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await context.close();
    expect(found).toEqual({});
    expect(consoleErrors).toEqual([]);
  });

  it.each([
    ['a shopper', 'user@kiyasla.test', 'User1234!', ['/profile', '/favorites', '/price-alerts', '/notifications']],
    ['a premium shopper', 'premium@kiyasla.test', 'Premium123!', ['/comparison', '/account-settings']],
    ['an admin', 'admin@kiyasla.test', 'Admin123!', ['/admin', '/admin/products', '/admin/settings']],
  ])('is never violated on the signed-in pages of %s', async (_who, email, password, pages) => {
    const { context, consoleErrors } = await recordingContext();
    await signInThroughApi(context, email, password);
    const page = await context.newPage();
    const found: Record<string, Violation[]> = {};
    for (const path of pages) {
      const violations = await visit(page, path);
      if (violations.length) found[path] = violations;
    }
    await context.close();
    expect(found).toEqual({});
    expect(consoleErrors).toEqual([]);
  });

  it('puts the nonce of the header on every inline script of a page, a fresh one each time', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i += 1) {
      const res = await fetch(`${baseURL}/`);
      const header = res.headers.get('content-security-policy') ?? '';
      const nonce = /'nonce-([^']+)'/.exec(header)?.[1];
      expect(nonce).toBeDefined();
      const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(header)?.[1] ?? '';
      expect(scriptSrc).toContain(`'nonce-${nonce}'`);
      expect(scriptSrc).not.toContain('unsafe-inline');
      nonces.add(nonce!);
      const html = await res.text();
      const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
      const executable = scripts.filter((attrs) => !/type="application\/(ld\+)?json"/.test(attrs));
      expect(executable.length).toBeGreaterThanOrEqual(2);
      for (const attrs of executable) expect(attrs).toContain(`nonce="${nonce}"`);
    }
    expect(nonces.size).toBe(3);
  });
});
