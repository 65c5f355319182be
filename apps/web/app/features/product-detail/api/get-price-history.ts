import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PriceHistory, PriceHistoryRange } from '@kiyasla/contracts/catalog';
import { apiGet, type ApiRequestInit } from '~/lib/api-client';

export interface PriceHistoryInput {
  productId: string;
  range: PriceHistoryRange;
  /** Also return one series per store (the chart's per-store lines). */
  perStore: boolean;
}

/** `GET /products/{id}/price-history?range&perStore`: daily lowest prices, stats and "lowest in N days". */
export function getPriceHistory({ productId, range, perStore }: PriceHistoryInput, init?: ApiRequestInit) {
  const params = new URLSearchParams({ range });
  if (perStore) params.set('perStore', 'true');
  return apiGet<PriceHistory>(`/products/${encodeURIComponent(productId)}/price-history?${params}`, init);
}

export function priceHistoryQueryOptions(input: PriceHistoryInput) {
  return queryOptions({
    queryKey: ['products', input.productId, 'price-history', input.range, input.perStore] as const,
    queryFn: ({ signal }) => getPriceHistory(input, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** Fetched in the browser when the tab opens; the previous range stays on screen while the next loads. */
export function usePriceHistory(input: PriceHistoryInput) {
  return useQuery({ ...priceHistoryQueryOptions(input), placeholderData: keepPreviousData });
}
