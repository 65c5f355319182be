import { CircleCheck, CircleMinus } from 'lucide-react';
import type { ComparisonResult } from '@kiyasla/contracts/comparisons';
import { comparisonsMessages } from '@kiyasla/contracts/messages/comparisons';
import { ComparisonLoginPrompt, PremiumUpsell } from './comparison-gates';
import { ProductColumnHead } from './product-column-head';

/**
 * Avantaj/Dezavantaj: premium only. Visitors see the login prompt, free users the premium
 * upsell; premium users the computed pros and cons of each product against the others.
 */
export function AnalysisTab({
  result,
  access,
}: {
  result: ComparisonResult;
  access: 'anonymous' | 'free' | 'premium';
}) {
  if (access === 'anonymous') {
    return (
      <ComparisonLoginPrompt description="Detaylı avantaj/dezavantaj analizi Premium üyeler içindir. Önce giriş yapın." />
    );
  }
  if (access === 'free' || !result.prosConsIncluded) {
    return (
      <PremiumUpsell
        title="Ürünlerin güçlü ve zayıf yönlerini tek bakışta görün"
        description={comparisonsMessages.analysisPremiumOnly}
      />
    );
  }
  return (
    <div className="-mx-4 overflow-x-auto px-4 pb-2 sm:mx-0 sm:px-0">
      <div
        className="grid gap-3"
        style={{ gridTemplateColumns: `repeat(${result.products.length}, minmax(14rem, 1fr))` }}
      >
        {result.products.map((product) => (
          <article key={product._id} className="rounded-2xl border border-line bg-surface p-4 shadow-sm">
            <ProductColumnHead product={product} />
            <h3 className="mt-4 text-xs font-bold tracking-wide text-success uppercase">Avantajlar</h3>
            {product.pros.length > 0 ? (
              <ul className="mt-2 space-y-1.5 text-sm text-ink">
                {product.pros.map((pro) => (
                  <li key={pro} className="flex items-start gap-2">
                    <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
                    {pro}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-sm text-muted">Öne çıkan bir avantajı yok.</p>
            )}
            <h3 className="mt-4 text-xs font-bold tracking-wide text-danger uppercase">Dezavantajlar</h3>
            {product.cons.length > 0 ? (
              <ul className="mt-2 space-y-1.5 text-sm text-ink">
                {product.cons.map((con) => (
                  <li key={con} className="flex items-start gap-2">
                    <CircleMinus aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-danger" />
                    {con}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-sm text-muted">Belirgin bir dezavantajı yok.</p>
            )}
          </article>
        ))}
      </div>
    </div>
  );
}
