import { describe, expect, inject, it } from 'vitest';

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
  });
});
