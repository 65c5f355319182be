import { useEffect, useState } from 'react';
import type { Suggestion } from '@kiyasla/contracts/search';
import { getSearchSuggestions } from '../api/get-search-suggestions';

/** Keystrokes closer together than this make one request. */
export const SUGGESTION_DEBOUNCE_MS = 150;
/** One letter matches half the catalogue; suggestions start from the second. */
export const SUGGESTION_MIN_LENGTH = 2;
const CACHE_SIZE = 50;

export type SuggestionsStatus = 'idle' | 'loading' | 'ready' | 'error';

/** Answers already received, by term: typing back to an earlier term shows them at once. */
const cache = new Map<string, Suggestion[]>();
function remember(term: string, suggestions: Suggestion[]) {
  cache.delete(term);
  cache.set(term, suggestions);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
}

/** For tests: forget the answers received. */
export function resetSuggestionCache(): void {
  cache.clear();
}

interface Answer {
  term: string;
  suggestions: readonly Suggestion[];
  failed: boolean;
}

const NONE: readonly Suggestion[] = [];

/**
 * Suggestions for what is typed, requested 150 ms after the last keystroke. Each new term
 * aborts the request of the previous one, and an answer is only shown for the term it was
 * asked for, so a slow early response can never overwrite a later one.
 */
export function useSearchSuggestions(
  term: string,
  enabled: boolean,
): { suggestions: readonly Suggestion[]; status: SuggestionsStatus } {
  const wanted = term.trim();
  const [answer, setAnswer] = useState<Answer | null>(null);

  useEffect(() => {
    if (!enabled || wanted.length < SUGGESTION_MIN_LENGTH) return;
    const cached = cache.get(wanted);
    if (cached) {
      setAnswer({ term: wanted, suggestions: cached, failed: false });
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      getSearchSuggestions(wanted, { signal: controller.signal }).then(
        (suggestions) => {
          remember(wanted, suggestions);
          if (!controller.signal.aborted) setAnswer({ term: wanted, suggestions, failed: false });
        },
        () => {
          if (!controller.signal.aborted) setAnswer({ term: wanted, suggestions: NONE, failed: true });
        },
      );
    }, SUGGESTION_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [wanted, enabled]);

  if (wanted.length < SUGGESTION_MIN_LENGTH) return { suggestions: NONE, status: 'idle' };
  if (answer?.term === wanted)
    return answer.failed
      ? { suggestions: NONE, status: 'error' }
      : { suggestions: answer.suggestions, status: 'ready' };
  // While the answer for the new text is on its way the previous list stays (no flicker).
  return { suggestions: answer?.suggestions ?? NONE, status: 'loading' };
}
