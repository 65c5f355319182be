import type { FeedImportReport } from '@kiyasla/contracts/admin-stores';
import { formatNumber, formatPrice } from '~/lib/format';

const FIGURES: [keyof FeedImportReport, string][] = [
  ['received', 'Alınan'],
  ['matched', 'Eşleşen'],
  ['created', 'Yeni teklif'],
  ['updated', 'Güncellenen'],
  ['unchanged', 'Değişmeyen'],
  ['deactivated', 'Pasifleşen'],
  ['unmatched', 'Eşleşmeyen'],
  ['rejected', 'Reddedilen'],
  ['priceChanges', 'Fiyat değişimi'],
];

/** An import's report: the counts, the held warning, the first rejections and price changes. */
export function ImportReport({ report }: { report: FeedImportReport }) {
  return (
    <div className="space-y-3 text-sm">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
        {FIGURES.map(([key, label]) => (
          <div key={key} className="rounded-xl bg-surface-2 px-3 py-2">
            <dt className="text-xs text-muted">{label}</dt>
            <dd className="font-semibold text-ink tabular-nums">{formatNumber(report[key] as number)}</dd>
          </div>
        ))}
        <div className="rounded-xl bg-surface-2 px-3 py-2">
          <dt className="text-xs text-muted">Süre</dt>
          <dd className="font-semibold text-ink tabular-nums">
            {new Intl.NumberFormat('tr-TR', { maximumFractionDigits: 1 }).format(report.durationMs / 1000)} sn
          </dd>
        </div>
      </dl>
      {report.held && (
        <p className="rounded-xl border border-warning/40 bg-warning/10 px-3 py-2 text-ink">
          Akış şüpheli bulundu: mağazanın {formatNumber(report.held.activeOffers)} aktif teklifinden{' '}
          {formatNumber(report.held.wouldDeactivate)} tanesini pasifleştirecekti; hiçbiri pasifleştirilmedi.
        </p>
      )}
      {report.priceChangeSamples.length > 0 && (
        <div>
          <p className="font-medium text-ink">Fiyat değişimleri</p>
          <ul className="mt-1 space-y-0.5 text-muted">
            {report.priceChangeSamples.map((change) => (
              <li key={`${change.sku}-${change.productId}`}>
                <span className="font-mono text-xs">{change.sku}</span>: {formatPrice(change.oldPrice)} →{' '}
                {formatPrice(change.newPrice)}
              </li>
            ))}
          </ul>
        </div>
      )}
      {report.rejectedSamples.length > 0 && (
        <div>
          <p className="font-medium text-ink">Reddedilen kalemler</p>
          <ul className="mt-1 space-y-0.5 text-muted">
            {report.rejectedSamples.map((sample) => (
              <li key={`${sample.line}-${sample.sku ?? ''}`}>
                {sample.line}. kalem{sample.sku ? ` (${sample.sku})` : ''}: {sample.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
