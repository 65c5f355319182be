import { useId, useState } from 'react';
import clsx from 'clsx';
import type { ComparisonResult } from '@kiyasla/contracts/comparisons';
import { countDifferences, visibleSpecRows } from '../utils/spec-rows';
import { ProductColumnHead } from './product-column-head';

/** Opaque, so the sticky label column hides what scrolls beneath it. */
const DIFF_BG = 'bg-[color-mix(in_srgb,var(--color-warning)_9%,var(--color-surface))]';

/**
 * Teknik Özellikler: one row per specification, values side by side. Rows whose values differ
 * are highlighted; identical rows can be hidden.
 */
export function SpecsTab({ result }: { result: ComparisonResult }) {
  const [onlyDifferences, setOnlyDifferences] = useState(false);
  const toggleId = useId();
  const rows = visibleSpecRows(result.technicalSpecs, onlyDifferences);
  const differences = countDifferences(result.technicalSpecs);
  const total = result.technicalSpecs.length;

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="flex items-center gap-2 text-sm text-muted">
          <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-warning/25 ring-1 ring-warning/50" />
          {differences} / {total} özellikte fark var; farklı değerler vurgulanır.
        </p>
        <label
          htmlFor={toggleId}
          className="inline-flex cursor-pointer items-center gap-2 text-sm font-medium text-ink"
        >
          <input
            id={toggleId}
            type="checkbox"
            checked={onlyDifferences}
            onChange={(event) => setOnlyDifferences(event.target.checked)}
            className="size-4 rounded border-line accent-[var(--color-primary)]"
          />
          Aynı olan özellikleri gizle
        </label>
      </div>

      <div className="relative overflow-x-auto rounded-2xl border border-line bg-surface shadow-sm">
        <table className="w-full border-collapse text-sm" style={{ minWidth: `${7 + result.products.length * 10}rem` }}>
          <caption className="sr-only">
            Teknik özellikler. Ürünler arasında farklı olan satırlar “Farklı” olarak işaretlidir.
          </caption>
          <thead className="bg-surface-2">
            <tr>
              <th
                scope="col"
                className="sticky left-0 z-10 w-28 bg-surface-2 px-3 py-3 text-left text-xs font-semibold text-muted sm:w-44 sm:px-4"
              >
                Özellik
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
                  Tüm özellikler aynı: ürünler arasında fark bulunmuyor.
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={row.key} className={clsx(row.differs && DIFF_BG)}>
                  <th
                    scope="row"
                    className={clsx(
                      'sticky left-0 z-10 w-28 px-3 py-2.5 text-left text-xs font-semibold sm:w-44 sm:px-4',
                      row.differs ? `${DIFF_BG} text-ink` : 'bg-surface text-muted',
                    )}
                  >
                    <span className="flex items-center gap-1.5">
                      {row.differs && (
                        <span aria-hidden="true" className="inline-block size-1.5 shrink-0 rounded-full bg-warning" />
                      )}
                      {row.label}
                      {row.differs && <span className="sr-only"> (Farklı)</span>}
                    </span>
                  </th>
                  {row.values.map((value, i) => (
                    <td
                      key={result.products[i]?._id ?? i}
                      className={clsx('px-3 py-2.5 text-ink', row.differs && value !== null && 'font-medium')}
                    >
                      {value ?? <span className="text-muted">—</span>}
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
