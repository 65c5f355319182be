/**
 * The `redirect` query parameter of /login (spec §2: "honours a redirect query parameter after
 * success"). Only a path on this site is followed; anything that could leave the site — an
 * absolute URL, a protocol-relative `//host`, the `/\host` form browsers read as `//host`, a
 * `javascript:` URL, control characters — falls back to the home page.
 */
const ORIGIN = 'https://kiyasla.invalid';
const AUTH_PAGES = new Set(['/login', '/register']);

function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

export function safeRedirect(value: string | null | undefined, fallback = '/'): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return fallback;
  if (!value.startsWith('/') || value.startsWith('//')) return fallback;
  // Backslashes and control or whitespace characters are normalised away by URL parsers.
  if (/[\\\s]/.test(value) || hasControlCharacter(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== ORIGIN) return fallback;
  // Dot segments are resolved by the parse: `/.//evil.example` becomes the path `//evil.example`,
  // which a browser reads as another host. Only the normalised path decides.
  if (url.pathname.startsWith('//')) return fallback;
  // Coming back to the sign-in pages after signing in would be a loop.
  if (AUTH_PAGES.has(url.pathname)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** /login with a way back to `path` (the current page), as the login prompts link it. */
export function loginHref(path: string): string {
  const target = safeRedirect(path, '');
  return target && target !== '/' ? `/login?redirect=${encodeURIComponent(target)}` : '/login';
}
