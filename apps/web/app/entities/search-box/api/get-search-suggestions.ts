/**
 * `GET /search/suggestions?q=`: up to eight products, categories and brands for the search
 * box. It lives with the layout, not in a feature, because the header (shared code) uses it.
 */
import type { Suggestion } from '@kiyasla/contracts/search';
import { apiGet, type ApiRequestInit } from '~/lib/api-client';

export async function getSearchSuggestions(term: string, init?: ApiRequestInit): Promise<Suggestion[]> {
  // The contract schema (zod) loads with the first suggestions, in parallel with the request:
  // pages nobody searches on never download it.
  const [data, { suggestionSchema }] = await Promise.all([
    apiGet<unknown[]>(`/search/suggestions?q=${encodeURIComponent(term)}`, init),
    import('@kiyasla/contracts/search'),
  ]);
  // A kind of suggestion this build does not know yet is skipped, not shown half-rendered.
  return data.flatMap((item) => {
    const parsed = suggestionSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}
