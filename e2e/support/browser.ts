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
  const page = await context.newPage();
  // A page is opened (or opened again) once hydrated, whatever the test does first.
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await pageHydrated(page);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    await pageHydrated(page);
    return response;
  };
  return page;
}

/**
 * Waits until React has hydrated the page: its root has committed the server's HTML, and no
 * Suspense boundary still holds server HTML waiting for its code (a page whose form's code arrives
 * after the first paint, ADR 011, hydrates it later than the root). Before then a click or a key
 * reaches only that HTML and is lost, or sends the form natively: the network can be idle while
 * the scripts still run (on a busy machine for seconds). A page without the app's scripts is ready
 * as it is.
 */
async function pageHydrated(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      interface Fiber {
        tag: number;
        memoizedState?: { isDehydrated?: boolean; dehydrated?: unknown } | null;
        child: Fiber | null;
        sibling: Fiber | null;
      }
      const key = Object.keys(document).find((k) => k.startsWith('__reactContainer$'));
      if (!key) return !document.querySelector('script[type="module"]');
      const root = (document as unknown as Record<string, { stateNode?: { current?: Fiber } } | undefined>)[key]
        ?.stateNode?.current;
      if (root?.memoizedState?.isDehydrated !== false) return false;
      // A Suspense (13) or Activity (31) boundary keeps its server HTML in `dehydrated` until hydrated.
      const pending: Fiber[] = [root];
      for (let fiber = pending.pop(); fiber; fiber = pending.pop()) {
        if ((fiber.tag === 13 || fiber.tag === 31) && fiber.memoizedState?.dehydrated) return false;
        if (fiber.sibling) pending.push(fiber.sibling);
        if (fiber.child) pending.push(fiber.child);
      }
      return true;
    },
    undefined,
    { timeout: 30_000 },
  );
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
