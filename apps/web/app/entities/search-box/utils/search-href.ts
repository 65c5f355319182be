/**
 * The address of a search. Its own module: the search page needs it, while the dropdown's
 * option lists (search-options) are code only the search box loads.
 */

/** The API refuses longer terms (400), so no box accepts more. */
export const SEARCH_TERM_MAX_LENGTH = 500;

/** `/search?q=<term>`; null for a blank term (a blank search does nothing). */
export function searchHref(term: string): string | null {
  const trimmed = term.trim();
  return trimmed ? `/search?q=${encodeURIComponent(trimmed)}` : null;
}
