import { Link } from 'react-router';
import { ArrowRight, GitCompareArrows } from 'lucide-react';
import type { ProductCard } from '@kiyasla/contracts/catalog';
import { DEFAULT_MAX_COMPARISON_ITEMS } from '@kiyasla/contracts/constants';
import { buttonClasses } from '~/components/ui/button-styles';
import { formatPrice, formatRating } from '~/lib/format';

/** Shows what the comparison view looks like with two real products of the catalogue. */
export function ComparisonDemo({ products }: { products: readonly ProductCard[] }) {
  const pair = products.filter((p) => p.currentPrice !== null).slice(0, 2);
  const cheaper =
    pair.length === 2 && pair[0] && pair[1]
      ? (pair[0].currentPrice ?? 0) <= (pair[1].currentPrice ?? 0)
        ? 0
        : 1
      : null;

  return (
    <section
      aria-labelledby="comparison-demo"
      className="flex flex-col rounded-3xl border border-line bg-surface p-6 shadow-sm sm:p-8"
    >
      <div className="flex items-center gap-3">
        <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-2xl bg-violet-100 text-violet-700 dark:bg-violet-400/15 dark:text-violet-300">
          <GitCompareArrows aria-hidden="true" className="h-6 w-6" />
        </span>
        <h2 id="comparison-demo" className="text-xl font-bold tracking-tight text-ink">
          Ürünleri yan yana karşılaştırın
        </h2>
      </div>
      <p className="mt-3 text-sm leading-6 text-muted">
        {DEFAULT_MAX_COMPARISON_ITEMS} ürüne kadar fiyat, puan, mağaza sayısı ve teknik özellikleri tek tabloda görün;
        kararınızı kolaylaştırın.
      </p>

      {pair.length === 2 ? (
        <div className="mt-6 overflow-hidden rounded-2xl border border-line">
          <table className="w-full table-fixed text-sm">
            <caption className="sr-only">Örnek karşılaştırma</caption>
            <thead className="bg-surface-2">
              <tr>
                <th
                  scope="col"
                  className="w-[4.5rem] px-2 py-3 text-left text-xs font-semibold text-muted sm:w-24 sm:p-3"
                >
                  Örnek
                </th>
                {pair.map((product) => (
                  <th key={product._id} scope="col" className="px-2 py-3 text-left align-top sm:p-3">
                    <img
                      src={product.image_url}
                      alt=""
                      width={48}
                      height={48}
                      loading="lazy"
                      className="mb-2 h-12 w-12 rounded-lg bg-white object-contain p-1"
                    />
                    <span className="line-clamp-2 text-xs font-semibold text-ink">{product.name}</span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              <tr>
                <th scope="row" className="px-2 py-3 text-left text-xs font-medium text-muted sm:p-3">
                  En düşük fiyat
                </th>
                {pair.map((product, index) => (
                  <td key={product._id} className="px-2 py-3 text-[13px] font-bold text-ink sm:p-3 sm:text-sm">
                    <span className={index === cheaper ? 'text-price' : undefined}>
                      {formatPrice(product.currentPrice ?? 0)}
                    </span>
                  </td>
                ))}
              </tr>
              <tr>
                <th scope="row" className="px-2 py-3 text-left text-xs font-medium text-muted sm:p-3">
                  Puan
                </th>
                {pair.map((product) => (
                  <td key={product._id} className="px-2 py-3 text-ink sm:p-3">
                    {product.ratingsCount > 0 ? `${formatRating(product.averageRating)} / 5` : '—'}
                  </td>
                ))}
              </tr>
              <tr>
                <th scope="row" className="px-2 py-3 text-left text-xs font-medium text-muted sm:p-3">
                  Mağaza
                </th>
                {pair.map((product) => (
                  <td key={product._id} className="px-2 py-3 text-ink sm:p-3">
                    {product.storeCount}
                  </td>
                ))}
              </tr>
            </tbody>
          </table>
        </div>
      ) : (
        <ul className="mt-6 space-y-2 text-sm text-muted">
          <li>• Fiyat ve mağaza sayısı yan yana</li>
          <li>• Ekran, bellek, depolama ve kamera karşılaştırması</li>
          <li>• Kullanıcı puanları ve değerlendirmeler</li>
        </ul>
      )}

      <div className="mt-6">
        <Link to="/comparison" className={buttonClasses('primary', 'md')}>
          Karşılaştırmaya Git
          <ArrowRight aria-hidden="true" className="h-4 w-4" />
        </Link>
      </div>
    </section>
  );
}
