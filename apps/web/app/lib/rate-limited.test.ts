import { describe, expect, it } from 'vitest';
import { catalogMessages } from '@kiyasla/contracts/messages/catalog';
import { httpMessages } from '@kiyasla/contracts/messages/http';
import { withListingFromBrowser } from '~/features/catalog-listing/listing-in-browser';
import type { CategoryPageData } from '~/features/catalog-listing/category-page-data';
import { withResultsFromBrowser } from '~/features/search/results-in-browser';
import type { SearchPageData } from '~/features/search/search-page-data';
import { parseListingParams } from '~/entities/listing/utils/listing-params';
import { jsonResponse, mockFetch } from '~/test/api-mock';
import { ApiError } from './api-client';
import { isRateLimited, refuseIfRateLimited } from './rate-limited';

const refusal = () => jsonResponse(429, { success: false, message: httpMessages.rateLimited, code: 'RATE_LIMITED' });
const failure = () => jsonResponse(500, { success: false, message: 'Sunucu hatası', code: 'INTERNAL_ERROR' });

/** What a loader threw, for the route's error boundary: React Router's `data(null, { status })`. */
async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (reason) {
    return reason;
  }
  throw new Error('nothing was thrown');
}

const statusOf = (reason: unknown) => (reason as { init?: { status?: number } }).init?.status;

describe('refuseIfRateLimited', () => {
  it('throws a 429 for the route’s error boundary only for the rate limit’s refusal', () => {
    const refused = new ApiError(429, httpMessages.rateLimited, 'RATE_LIMITED');
    expect(isRateLimited(refused)).toBe(true);
    let caught: unknown;
    try {
      refuseIfRateLimited(refused);
    } catch (reason) {
      caught = reason;
    }
    expect(statusOf(caught)).toBe(429);
    for (const other of [
      new ApiError(500, 'x', 'INTERNAL_ERROR'),
      new ApiError(404, 'x', 'NOT_FOUND'),
      new Error('x'),
    ]) {
      expect(isRateLimited(other)).toBe(false);
      expect(() => refuseIfRateLimited(other)).not.toThrow();
    }
  });
});

describe('listings the browser loads itself (advanced filters) over the rate limit', () => {
  const fetchMock = mockFetch();
  const state = parseListingParams(new URLSearchParams('freeShipping=true'));
  const request = new Request('http://localhost/category/telefon?freeShipping=true');

  const category: CategoryPageData = {
    status: 'ok',
    categorySlug: 'telefon',
    subcategorySlug: null,
    categoryTitle: 'Telefon',
    subcategoryTitle: null,
    category: null,
    topCategory: null,
    listing: null,
    error: null,
    premiumRequired: false,
    loadsInBrowser: true,
    state,
    variantPage: false,
  };
  const search: SearchPageData = {
    q: 'kulaklık',
    state,
    results: null,
    error: null,
    premiumRequired: false,
    loadsInBrowser: true,
    trending: [],
  };

  it('a category’s products refused by the limit: the page is refused with 429, not its error panel', async () => {
    fetchMock.mockResolvedValue(refusal());
    expect(statusOf(await thrown(withListingFromBrowser(category, request)))).toBe(429);
    fetchMock.mockResolvedValue(failure());
    expect((await withListingFromBrowser(category, request)).error).toBe(catalogMessages.productsLoadError);
  });

  it('search results refused by the limit: the page is refused with 429, not its error panel', async () => {
    fetchMock.mockResolvedValue(refusal());
    expect(statusOf(await thrown(withResultsFromBrowser(search, request)))).toBe(429);
    fetchMock.mockResolvedValue(failure());
    expect((await withResultsFromBrowser(search, request)).error).toBe(catalogMessages.searchError);
  });
});
