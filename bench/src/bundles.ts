import { gzipSync } from 'node:zlib';

/**
 * ADR 011: a public page's initial JavaScript, gzip, at most (KB of 1,024 bytes). The benchmark's
 * report and the browser suite's budget test (e2e/initial-js-budget.e2e.ts) both hold pages to it.
 */
export const INITIAL_JS_BUDGET_KB = 150;

export interface PageBundle {
  page: string;
  url: string;
  assets: { path: string; bytes: number; gzip: number }[];
  /** Sum of the gzip sizes of the scripts and module preloads the SSR HTML references. */
  initialJsGzip: number;
  /** Inline <script> bytes (hydration data, theme script), gzip, reported beside the budget. */
  inlineScriptGzip: number;
  htmlGzip: number;
}

/**
 * The initial JavaScript of a server-rendered page: every `<script src>` and
 * `<link rel="modulepreload">` in the HTML, fetched and gzip-compressed (level 9, what a CDN
 * would serve), summed.
 */
export async function measureInitialJs(baseUrl: string, page: string, pathname: string): Promise<PageBundle> {
  const url = new URL(pathname, baseUrl).href;
  const res = await fetch(url, { headers: { accept: 'text/html' } });
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  const html = await res.text();
  const refs = new Set<string>();
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) refs.add(m[1]!);
  for (const m of html.matchAll(/<link\b[^>]*>/g)) {
    const tag = m[0];
    if (/rel="modulepreload"/.test(tag)) {
      const href = /href="([^"]+)"/.exec(tag)?.[1];
      if (href) refs.add(href);
    }
  }
  // Module imports inside inline scripts (React Router's `import("/assets/entry.client-….js")`).
  for (const m of html.matchAll(/import\(?\s*["'](\/assets\/[^"']+\.js)["']/g)) refs.add(m[1]!);
  const assets = [];
  for (const ref of refs) {
    const body = Buffer.from(await (await fetch(new URL(ref, url))).arrayBuffer());
    assets.push({ path: ref, bytes: body.length, gzip: gzipSync(body, { level: 9 }).length });
  }
  const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1] ?? '')
    .join('');
  return {
    page,
    url: pathname,
    assets,
    initialJsGzip: assets.reduce((s, a) => s + a.gzip, 0),
    inlineScriptGzip: gzipSync(Buffer.from(inline), { level: 9 }).length,
    htmlGzip: gzipSync(Buffer.from(html), { level: 9 }).length,
  };
}
