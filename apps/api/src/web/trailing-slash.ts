/**
 * `/category/telefon/?x=1` → `/category/telefon?x=1`: a page's address with a trailing slash is
 * the same page under a second address, so it moves (301) to the one without, its query kept.
 * Only for reading a page (GET, HEAD); never for `/` itself, the API or the static assets, nor
 * for a path starting with `//` or `/\`, which a browser would read as another host.
 */
export function withoutTrailingSlash(method: string, url: string): string | null {
  if (method !== 'GET' && method !== 'HEAD') return null;
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (path.length < 2 || !path.endsWith('/') || /^\/[/\\]/.test(path)) return null;
  if (path.startsWith('/api/') || path.startsWith('/assets/')) return null;
  const trimmed = path.replace(/\/+$/, '');
  return `${trimmed || '/'}${queryAt === -1 ? '' : url.slice(queryAt)}`;
}
