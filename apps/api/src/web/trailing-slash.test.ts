import { describe, expect, it } from 'vitest';
import { withoutTrailingSlash } from './trailing-slash';

describe('withoutTrailingSlash', () => {
  it.each([
    ['/help/', '/help'],
    ['/help//', '/help'],
    ['/category/telefon/premium/', '/category/telefon/premium'],
    ['/category/telefon/?brand=Apple&page=2', '/category/telefon?brand=Apple&page=2'],
    ['/stores/?next=/a/', '/stores?next=/a/'],
  ])('moves %s to %s', (url, location) => {
    expect(withoutTrailingSlash('GET', url)).toBe(location);
    expect(withoutTrailingSlash('HEAD', url)).toBe(location);
  });

  it('leaves the home page, other methods, the API, the assets and other hosts alone', () => {
    expect(withoutTrailingSlash('GET', '/')).toBeNull();
    expect(withoutTrailingSlash('GET', '/?q=1')).toBeNull();
    expect(withoutTrailingSlash('GET', '/help')).toBeNull();
    expect(withoutTrailingSlash('GET', '/help?next=/a/')).toBeNull();
    expect(withoutTrailingSlash('POST', '/help/')).toBeNull();
    expect(withoutTrailingSlash('GET', '/api/products/')).toBeNull();
    expect(withoutTrailingSlash('GET', '/assets/x/')).toBeNull();
    expect(withoutTrailingSlash('GET', '//evil.example/')).toBeNull();
    expect(withoutTrailingSlash('GET', '/\\evil.example/')).toBeNull();
  });
});
