import { Link } from 'react-router';
import { Sparkles } from 'lucide-react';
import { foldTurkish } from '@kiyasla/contracts/text';
import { searchHref } from '~/entities/search-box/utils/search-href';

/**
 * The results are for the corrected spelling ("samsnug" → "samsung"): say so, and link the
 * corrected search so the shopper can search it as intended.
 */
export function DidYouMean({ query, correctedQuery }: { query: string; correctedQuery: string | null }) {
  if (!correctedQuery || foldTurkish(correctedQuery) === foldTurkish(query)) return null;
  const href = searchHref(correctedQuery);
  if (!href) return null;
  return (
    <div className="flex items-start gap-3 rounded-2xl border border-primary/25 bg-primary-soft px-4 py-3">
      <Sparkles aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-primary" />
      <div className="min-w-0 text-sm">
        <p className="text-ink">
          Bunu mu demek istediniz:{' '}
          <Link to={href} className="font-bold break-words text-primary underline-offset-2 hover:underline">
            {correctedQuery}
          </Link>
          ?
        </p>
        <p className="mt-0.5 text-muted">
          “<span className="break-words">{query}</span>” için tam eşleşme bulunamadı; en yakın sonuçlar gösteriliyor.
        </p>
      </div>
    </div>
  );
}
