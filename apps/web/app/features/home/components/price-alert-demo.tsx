import { Link } from 'react-router';
import { ArrowRight, BellRing, Mail, Target } from 'lucide-react';
import type { ProductCard } from '@kiyasla/contracts/catalog';
import { buttonClasses } from '~/components/ui/button-styles';
import { formatPrice } from '~/lib/format';

/** A sample alert: the target is set 10 % under today's price, as a shopper typically would. */
const SAMPLE_DROP = 0.1;
const FALLBACK = { name: 'Takip ettiğiniz ürün', currentPrice: 24999, image: null as string | null };

export function PriceAlertDemo({ product }: { product: ProductCard | null }) {
  const sample =
    product && product.currentPrice !== null
      ? { name: product.name, currentPrice: product.currentPrice, image: product.image_url }
      : FALLBACK;
  const target = Math.floor(sample.currentPrice * (1 - SAMPLE_DROP));
  // Where today's price sits between the target (100 %) and 25 % above it (0 %).
  const progress = Math.max(8, Math.min(100, 100 - ((sample.currentPrice - target) / (target * 0.25)) * 100));

  return (
    <section
      aria-labelledby="price-alert-demo"
      className="flex flex-col rounded-3xl border border-line bg-surface p-6 shadow-sm sm:p-8"
    >
      <div className="flex items-center gap-3">
        <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-2xl bg-emerald-100 text-emerald-700 dark:bg-emerald-400/15 dark:text-emerald-300">
          <BellRing aria-hidden="true" className="h-6 w-6" />
        </span>
        <h2 id="price-alert-demo" className="text-xl font-bold tracking-tight text-ink">
          Fiyat alarmı kurun, beklemeyi bize bırakın
        </h2>
      </div>
      <p className="mt-3 text-sm leading-6 text-muted">
        Hedef fiyatınızı belirleyin; fiyat o seviyeye indiğinde size e-posta ve bildirim gönderelim. Fırsatı kaçırmadan,
        sayfayı her gün yenilemeden.
      </p>

      <figure className="mt-6 rounded-2xl border border-line bg-surface-2 p-4">
        <figcaption className="mb-3 flex items-center justify-between text-xs font-semibold text-muted">
          <span>Örnek alarm</span>
          <span className="inline-flex items-center gap-1 rounded-full bg-surface px-2 py-0.5 text-success ring-1 ring-success/30">
            <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-current" />
            Aktif
          </span>
        </figcaption>
        <div className="flex items-center gap-3">
          {sample.image && (
            <img
              src={sample.image}
              alt=""
              width={56}
              height={56}
              loading="lazy"
              className="h-14 w-14 shrink-0 rounded-xl bg-white object-contain p-1"
            />
          )}
          <p className="line-clamp-2 text-sm font-semibold text-ink">{sample.name}</p>
        </div>
        <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
          <div className="rounded-xl bg-surface p-3">
            <dt className="text-xs text-muted">Güncel fiyat</dt>
            <dd className="mt-0.5 font-bold text-ink">{formatPrice(sample.currentPrice)}</dd>
          </div>
          <div className="rounded-xl bg-surface p-3">
            <dt className="flex items-center gap-1 text-xs text-muted">
              <Target aria-hidden="true" className="h-3 w-3" />
              Hedef fiyat
            </dt>
            <dd className="mt-0.5 font-bold text-price">{formatPrice(target)}</dd>
          </div>
        </dl>
        <div className="mt-4" aria-hidden="true">
          <div className="h-2 overflow-hidden rounded-full bg-line">
            <div
              className="h-full rounded-full bg-gradient-to-r from-emerald-500 to-teal-500"
              style={{ width: `${progress}%` }}
            />
          </div>
          <p className="mt-2 flex items-center gap-1.5 text-xs text-muted">
            <Mail className="h-3.5 w-3.5" />
            Hedefe ulaşıldığında e-posta ve bildirim gönderilir
          </p>
        </div>
      </figure>

      <div className="mt-6">
        <Link to="/price-alerts" className={buttonClasses('primary', 'md')}>
          Fiyat Alarmı Kur
          <ArrowRight aria-hidden="true" className="h-4 w-4" />
        </Link>
      </div>
    </section>
  );
}
