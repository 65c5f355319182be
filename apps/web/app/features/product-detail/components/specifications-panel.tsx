import { Check } from 'lucide-react';
import type { ProductDetail } from '@kiyasla/contracts/catalog';
import { specLabel, specRank } from '@kiyasla/contracts/catalog-constants';
import { formatDate } from '~/lib/format-date';

/** Canonical keys first, in the order shoppers compare them; the rest after, as they come. */
export function orderedSpecifications(specifications: Record<string, string>): Array<[string, string]> {
  return Object.entries(specifications)
    .filter(([, value]) => value.trim() !== '')
    .sort(([a], [b]) => specRank(a) - specRank(b));
}

/** Özellikler: the specification table, then features and the other facts when present. */
export function SpecificationsPanel({ product }: { product: ProductDetail }) {
  const specs = orderedSpecifications(product.specifications);
  const facts: Array<[string, string]> = [];
  if (product.warranty) facts.push(['Garanti', product.warranty]);
  if (product.dimensions) facts.push(['Boyutlar', product.dimensions]);
  if (product.colors.length > 0) facts.push(['Renk Seçenekleri', product.colors.join(', ')]);
  if (product.energyRating) facts.push(['Enerji Sınıfı', product.energyRating]);
  if (product.certifications.length > 0) facts.push(['Sertifikalar', product.certifications.join(', ')]);
  if (product.releaseDate) facts.push(['Çıkış Tarihi', formatDate(product.releaseDate)]);
  const specRows = specs.map(([key, value]) => [specLabel(key), value.trim()] as [string, string]);
  // A fact that repeats a specification row (energyClass and energyRating, the dimensions) once.
  const shown = new Set(specRows.map(([label, value]) => `${label}\n${value}`));
  const rows = [...specRows, ...facts.filter(([label, value]) => !shown.has(`${label}\n${value.trim()}`))];

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div>
        <h3 className="mb-3 text-lg font-bold text-ink">Teknik Özellikler</h3>
        {rows.length > 0 ? (
          <div className="overflow-hidden rounded-2xl border border-line bg-surface">
            <table className="w-full text-sm">
              <caption className="sr-only">{product.name} teknik özellikleri</caption>
              <tbody className="divide-y divide-line">
                {rows.map(([label, value], i) => (
                  <tr key={`${i}:${label}`} className="even:bg-surface-2/50">
                    <th scope="row" className="w-2/5 px-4 py-3 text-left font-medium text-muted">
                      {label}
                    </th>
                    <td className="px-4 py-3 font-medium text-ink">{value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="text-muted">Bu ürün için özellik bilgisi bulunmuyor.</p>
        )}
      </div>

      <div className="space-y-6">
        {product.features.length > 0 && (
          <div>
            <h3 className="mb-3 text-lg font-bold text-ink">Öne Çıkan Özellikler</h3>
            <ul className="space-y-2">
              {product.features.map((feature) => (
                <li key={feature} className="flex items-start gap-2.5 text-sm text-ink">
                  <span className="mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-full bg-success/10 text-success">
                    <Check aria-hidden="true" className="h-3.5 w-3.5" />
                  </span>
                  {feature}
                </li>
              ))}
            </ul>
          </div>
        )}
        {product.description && (
          <div>
            <h3 className="mb-3 text-lg font-bold text-ink">Ürün Açıklaması</h3>
            <p className="text-sm leading-6 text-muted">{product.description}</p>
          </div>
        )}
      </div>
    </div>
  );
}
