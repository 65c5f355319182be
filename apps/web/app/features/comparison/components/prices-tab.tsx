import { ExternalLink, Trophy, Truck } from 'lucide-react';
import clsx from 'clsx';
import type { ComparisonResult } from '@kiyasla/contracts/comparisons';
import { formatPrice } from '~/lib/format';
import { buildPriceTable, priceBarWidths } from '../utils/price-table';
import { ProductColumnHead } from './product-column-head';

/** The lowest price of each product as bars, the cheapest in green. */
function LowestPriceBars({ result }: { result: ComparisonResult }) {
  const widths = priceBarWidths(result.products.map((p) => p.currentPrice));
  return (
    <section aria-labelledby="lowest-prices" className="rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-5">
      <h3 id="lowest-prices" className="text-sm font-bold text-ink">
        En düşük fiyatlar
      </h3>
      <ul className="mt-3 space-y-3">
        {result.products.map((product, i) => {
          const cheapest = product._id === result.summary.cheapestProductId;
          const width = widths[i];
          return (
            <li key={product._id} className="grid gap-1 sm:grid-cols-[minmax(0,14rem)_1fr] sm:items-center sm:gap-4">
              <p className="truncate text-sm font-medium text-ink" title={product.name}>
                {product.name}
              </p>
              <div className="flex items-center gap-3">
                <div className="h-3 flex-1 overflow-hidden rounded-full bg-surface-2">
                  {width !== null && width !== undefined && (
                    <div
                      className={clsx('h-full rounded-full', cheapest ? 'bg-success' : 'bg-primary/70')}
                      style={{ width: `${width}%` }}
                    />
                  )}
                </div>
                <p
                  className={clsx('w-28 shrink-0 text-right text-sm font-bold', cheapest ? 'text-success' : 'text-ink')}
                >
                  {product.currentPrice !== null ? formatPrice(product.currentPrice) : '—'}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Fiyat Analizi: every store's price for every product; each product's cheapest offer highlighted. */
export function PricesTab({ result }: { result: ComparisonResult }) {
  const rows = buildPriceTable(result.products);
  return (
    <div className="space-y-4">
      <LowestPriceBars result={result} />
      <div className="relative overflow-x-auto rounded-2xl border border-line bg-surface shadow-sm">
        <table className="w-full border-collapse text-sm" style={{ minWidth: `${7 + result.products.length * 10}rem` }}>
          <caption className="sr-only">
            Mağaza bazında fiyatlar. Her ürünün en ucuz teklifi “En ucuz” olarak işaretlidir.
          </caption>
          <thead className="bg-surface-2">
            <tr>
              <th
                scope="col"
                className="sticky left-0 z-10 w-28 bg-surface-2 px-3 py-3 text-left text-xs font-semibold text-muted sm:w-44 sm:px-4"
              >
                Mağaza
              </th>
              {result.products.map((product) => (
                <th key={product._id} scope="col" className="min-w-40 px-3 py-2 align-top font-normal sm:min-w-44">
                  <ProductColumnHead product={product} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {rows.length === 0 ? (
              <tr>
                <td colSpan={result.products.length + 1} className="px-4 py-10 text-center text-muted">
                  Bu ürünler için şu anda mağaza fiyatı bulunmuyor.
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={row.slug}>
                  <th
                    scope="row"
                    className="sticky left-0 z-10 w-28 max-w-28 bg-surface px-3 py-2.5 text-left text-xs font-semibold text-ink sm:w-44 sm:max-w-44 sm:px-4 sm:text-sm"
                  >
                    <span className="flex items-center gap-2">
                      {row.logo && (
                        <img
                          src={row.logo}
                          alt=""
                          width={24}
                          height={24}
                          loading="lazy"
                          className="size-6 shrink-0 rounded-md border border-line bg-white object-contain max-sm:hidden"
                        />
                      )}
                      <span className="min-w-0 break-words">{row.name}</span>
                    </span>
                  </th>
                  {row.cells.map((cell, i) => (
                    <td key={result.products[i]?._id ?? i} className="px-2 py-2 align-top">
                      {cell ? (
                        <div
                          className={clsx(
                            'rounded-xl px-2.5 py-2',
                            cell.cheapestForProduct && 'bg-success/5 ring-1 ring-success/40',
                          )}
                        >
                          <p className="flex flex-wrap items-center gap-1.5">
                            <span
                              className={clsx(
                                'font-bold',
                                cell.cheapestForProduct ? 'text-success' : 'text-ink',
                                !cell.store.inStock && 'text-muted line-through',
                              )}
                            >
                              {formatPrice(cell.store.price)}
                            </span>
                            {cell.cheapestForProduct && (
                              <span className="inline-flex items-center gap-0.5 rounded-full bg-success px-1.5 py-0.5 text-[10px] font-bold text-white dark:text-page">
                                <Trophy aria-hidden="true" className="size-2.5" />
                                En ucuz
                              </span>
                            )}
                          </p>
                          <p
                            className={clsx(
                              'mt-0.5 flex items-center gap-1 text-[11px]',
                              cell.store.shipping.free ? 'text-success' : 'text-muted',
                            )}
                          >
                            <Truck aria-hidden="true" className="size-3 shrink-0" />
                            {cell.store.shipping.label}
                          </p>
                          {!cell.store.inStock && <p className="text-[11px] font-medium text-danger">Stokta yok</p>}
                          <a
                            href={cell.store.url}
                            target="_blank"
                            rel="noopener noreferrer nofollow"
                            className="mt-1 inline-flex items-center gap-1 text-[11px] font-semibold text-primary hover:underline"
                          >
                            Mağazaya Git
                            <ExternalLink aria-hidden="true" className="size-3" />
                            <span className="sr-only"> ({row.name}, yeni sekmede açılır)</span>
                          </a>
                        </div>
                      ) : (
                        <span className="block px-2.5 py-2 text-muted">—</span>
                      )}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
