// @vitest-environment node
// The loader runs on the server, where the API client uses the in-process `apiFetch`.
import { describe, expect, it, vi } from 'vitest';
import type { AppLoadContext } from 'react-router';
import { loadSearchPage } from './search-page-data';
import { searchPageHref } from './search-params';
import { parseListingParams } from '~/entities/listing/utils/listing-params';
import { SEARCH_SORTS } from './search-params';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const page = (total: number, pages: number, extra: object = {}) =>
  json({
    success: true,
    data: [],
    pagination: { page: 1, pages, total, limit: 20 },
    facets: { brands: [], stores: [], specs: [], price: null },
    query: 'kulaklik',
    correctedQuery: null,
    ...extra,
  });

/** A loader context whose in-process API answers with `answer` and records each path. */
function api(answer: (path: string) => Response) {
  const paths: string[] = [];
  const apiFetch = vi.fn(async (path: string) => {
    paths.push(path);
    return answer(path);
  });
  return { context: { apiFetch } as AppLoadContext, paths };
}

const url = (query: string) => new URL(`http://localhost/search${query}`);

describe('loadSearchPage', () => {
  it('asks the API for the term with the filters, relevance by default, and the facets', async () => {
    const { context, paths } = api(() => page(63, 4));
    const result = await loadSearchPage(url('?q=%20kulakl%C4%B1k%20&brand=JBL&spec=ram:8%20GB&page=2'), { context });
    expect(result.kind).toBe('page');
    const sent = new URL(paths[0]!, 'http://x').searchParams;
    expect(paths[0]!.startsWith('/api/search?')).toBe(true);
    expect(sent.get('q')).toBe('kulaklık');
    expect(sent.getAll('brand')).toEqual(['JBL']);
    expect(sent.getAll('spec')).toEqual(['ram:8 GB']);
    expect(sent.get('sort')).toBe('relevance');
    expect(sent.get('page')).toBe('2');
    expect(sent.get('facets')).toBe('true');
  });

  it('keeps the spelling correction', async () => {
    const { context } = api(() => page(71, 4, { query: 'samsnug', correctedQuery: 'samsung' }));
    const result = await loadSearchPage(url('?q=samsnug'), { context });
    expect(result.kind === 'page' && result.data.results?.correctedQuery).toBe('samsung');
  });

  it('says when the total is a lower bound (too many matches to count), and only then', async () => {
    const many = await loadSearchPage(url('?q=telefon'), {
      context: api(() => page(100_000, 5_000, { totalIsLowerBound: true })).context,
    });
    expect(many.kind === 'page' && many.data.results?.totalIsLowerBound).toBe(true);
    const counted = await loadSearchPage(url('?q=kulaklik'), { context: api(() => page(63, 4)).context });
    expect(counted.kind === 'page' && counted.data.results?.totalIsLowerBound).toBe(false);
  });

  it("turns a failed search into 'Arama sırasında bir hata oluştu' with no results", async () => {
    const { context } = api(() => json({ success: false, message: 'boom', code: 'INTERNAL' }, 500));
    const result = await loadSearchPage(url('?q=kulaklik'), { context });
    expect(result).toMatchObject({
      kind: 'page',
      status: 500,
      data: { q: 'kulaklik', results: null, error: 'Arama sırasında bir hata oluştu' },
    });
  });

  it('sends a page past the last one to the last page', async () => {
    const { context } = api(() => page(63, 4));
    expect(await loadSearchPage(url('?q=kulaklik&page=9'), { context })).toEqual({ kind: 'redirect', page: 4 });
  });

  it('offers trending searches for a blank term without searching, and after a search without hits', async () => {
    const trending = [{ term: 'airpods', count: 3 }];
    const blank = api((path) => (path.includes('/trending') ? json({ success: true, data: trending }) : page(0, 0)));
    const prompt = await loadSearchPage(url('?q=%20%20'), { context: blank.context });
    expect(prompt).toMatchObject({ kind: 'page', data: { q: '', results: null, trending } });
    expect(blank.paths).toEqual(['/api/search/trending']);

    const none = api((path) => (path.includes('/trending') ? json({ success: true, data: trending }) : page(0, 0)));
    const empty = await loadSearchPage(url('?q=qqqzzzxxx'), { context: none.context });
    expect(empty).toMatchObject({ kind: 'page', status: 200, data: { trending } });
  });

  it('cuts an over-long term to what the API accepts', async () => {
    const { context, paths } = api(() => page(0, 0));
    await loadSearchPage(url(`?q=${'a'.repeat(600)}`), { context });
    expect(new URL(paths[0]!, 'http://x').searchParams.get('q')).toHaveLength(500);
  });
});

describe('searchPageHref', () => {
  it('puts the term first and leaves defaults out', () => {
    const state = parseListingParams(new URLSearchParams('brand=Sony&sort=price-low&page=3'), SEARCH_SORTS);
    expect(searchPageHref('kulaklık', state)).toBe('/search?q=kulakl%C4%B1k&brand=Sony&sort=price-low&page=3');
    expect(searchPageHref('tv', { ...state, brands: [], sort: 'relevance', page: 1 })).toBe('/search?q=tv');
  });
});
