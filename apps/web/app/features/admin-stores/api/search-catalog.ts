import { useQuery } from '@tanstack/react-query';
import type { ProductCard } from '@kiyasla/contracts/catalog';
import { apiGet } from '~/lib/api-client';

/** GET /search: the catalog's own search (Turkish-insensitive, typo-tolerant), first 8 products. */
export async function searchCatalog(q: string): Promise<ProductCard[]> {
  return apiGet<ProductCard[]>(`/search?${new URLSearchParams({ q, limit: '8' }).toString()}`);
}

export function useCatalogSearch(q: string) {
  const text = q.trim();
  return useQuery({
    queryKey: ['admin', 'catalog-search', text],
    queryFn: () => searchCatalog(text),
    enabled: text.length >= 2,
  });
}
