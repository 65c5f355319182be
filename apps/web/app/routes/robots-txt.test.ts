import { describe, expect, it } from 'vitest';
import { loader } from './robots[.]txt';

/** Whether `path` may be crawled: the longest matching rule wins, Allow on a tie (RFC 9309). */
function allowed(robots: string, path: string): boolean {
  const rules = robots
    .split('\n')
    .map((line) => /^(Allow|Disallow):\s*(\S+)$/.exec(line))
    .filter((m) => m !== null)
    .map((m) => ({ allow: m[1] === 'Allow', prefix: m[2]! }))
    .filter((rule) => path.startsWith(rule.prefix))
    .sort((a, b) => b.prefix.length - a.prefix.length || Number(b.allow) - Number(a.allow));
  return rules[0]?.allow ?? true;
}

describe('robots.txt', () => {
  const robots = async () =>
    (await loader({ request: new Request('https://kiyasla.example/robots.txt') } as never)).text();

  it('lets crawlers fetch the product images that og:image and the JSON-LD point to', async () => {
    const text = await robots();
    expect(text).toContain('Allow: /api/media/');
    expect(allowed(text, '/api/media/products/0b5c6c9e-8f0e-4d9a-9f1e-1a2b3c4d5e6f.svg')).toBe(true);
  });

  it('still keeps the rest of the API and the private pages out', async () => {
    const text = await robots();
    expect(allowed(text, '/api/products')).toBe(false);
    expect(allowed(text, '/api/auth/me')).toBe(false);
    expect(allowed(text, '/favorites')).toBe(false);
    expect(allowed(text, '/product/abc')).toBe(true);
    expect(text).toContain('Sitemap: https://kiyasla.example/sitemap.xml');
  });
});
