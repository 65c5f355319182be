import { describe, expect, it } from 'vitest';
import type { CategoryPageData } from '~/features/catalog-listing/category-page-data';
import { parseListingParams } from '~/entities/listing/utils/listing-params';
import { meta } from './category';

type Tags = Array<Record<string, unknown>>;

function pageData(query: string, change: Partial<CategoryPageData> = {}) {
  const state = parseListingParams(new URLSearchParams(query));
  return {
    status: 'ok' as const,
    categorySlug: 'telefon',
    subcategorySlug: null,
    categoryTitle: 'Telefon',
    subcategoryTitle: null,
    category: null,
    topCategory: null,
    listing: { products: [], pagination: { page: state.page, pages: 5, total: 100, limit: 24 }, facets: null },
    error: null,
    premiumRequired: false,
    loadsInBrowser: false,
    state,
    variantPage: false,
    ...change,
    origin: 'https://kiyasla.example',
  };
}

const tagsOf = (loaderData: ReturnType<typeof pageData> | undefined) =>
  meta({ loaderData } as unknown as Parameters<typeof meta>[0]) as Tags;
const title = (tags: Tags) => tags.find((t) => 'title' in t)?.title;
const description = (tags: Tags) => tags.find((t) => t.name === 'description')?.content;
const canonical = (tags: Tags) => tags.find((t) => t.rel === 'canonical')?.href;
const robots = (tags: Tags) => tags.find((t) => t.name === 'robots')?.content;

describe('category page meta', () => {
  it('page 2 has its own title and description, and itself as canonical', () => {
    const first = tagsOf(pageData(''));
    const second = tagsOf(pageData('page=2'));
    expect(title(second)).toBe('Telefon fiyatları ve modelleri – Sayfa 2 | Kıyasla');
    expect(description(second)).toMatch(/^Telefon fiyatları ve modelleri – Sayfa 2: /);
    expect(title(first)).toBe('Telefon fiyatları ve modelleri | Kıyasla');
    expect(description(first)).not.toContain('Sayfa');
    expect(canonical(second)).toBe('https://kiyasla.example/category/telefon?page=2');
    expect(robots(second)).toBeUndefined();
  });

  it('a later page of a filtered listing is noindex, follow without a canonical', () => {
    const tags = tagsOf(pageData('brand=Apple&page=2', { variantPage: true }));
    expect(robots(tags)).toBe('noindex, follow');
    expect(canonical(tags)).toBeUndefined();
    expect(title(tags)).toContain('– Sayfa 2');
  });

  it('page 1 of a filtered listing points at the plain listing (ADR 007)', () => {
    const tags = tagsOf(pageData('brand=Apple&view=compact'));
    expect(canonical(tags)).toBe('https://kiyasla.example/category/telefon');
    expect(robots(tags)).toBeUndefined();
  });

  it.each([
    ['the products failed to load', { error: 'Ürünler yüklenirken bir hata oluştu' }],
    ['premium filters were refused', { premiumRequired: true }],
    ['the category was not found', { status: 'not-found' as const }],
  ])('is noindex without a canonical when %s', (_name, change) => {
    const tags = tagsOf(pageData('', change as Partial<CategoryPageData>));
    expect(robots(tags)).toBe('noindex');
    expect(canonical(tags)).toBeUndefined();
    expect(tags.some((t) => 'script:ld+json' in t)).toBe(false);
  });

  it('is noindex when the route’s error boundary shows (no loader data)', () => {
    const tags = tagsOf(undefined);
    expect(robots(tags)).toBe('noindex');
    expect(canonical(tags)).toBeUndefined();
  });
});
