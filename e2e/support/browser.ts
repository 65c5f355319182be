import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';

/** Debian's Chromium with the flags this machine needs (no sandbox as root, no background network). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export async function newPage(
  browser: Browser,
  opts: { width?: number; height?: number; theme?: 'light' | 'dark' } = {},
): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 900 },
    locale: 'tr-TR',
    colorScheme: opts.theme ?? 'light',
  });
  return context.newPage();
}

/**
 * One Chromium for the suite that calls this at its top level: launched before its tests and
 * closed after them. Returns the running browser (call it inside a test or hook).
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('The browser is not running: call it from a test, not at import time.');
    return browser;
  };
}

/**
 * Waits until React has hydrated this element (its props are attached): a click or a key before
 * then reaches only the server's HTML and is lost, or undone by the hydration.
 */
export async function hydrated(element: Locator): Promise<void> {
  // Hydration waits for the page's scripts to load and run: on a busy machine that can take longer
  // than the poll's default second, and nothing else is waited for here.
  await expect
    .poll(() => element.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactProps'))), {
      timeout: 15_000,
    })
    .toBe(true);
}
