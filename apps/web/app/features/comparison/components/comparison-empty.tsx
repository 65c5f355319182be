import { Link } from 'react-router';
import { Compass, GitCompareArrows, MousePointerClick, Plus, Scale, X } from 'lucide-react';
import { COMPARISON_MIN } from '@kiyasla/contracts/constants';
import { productHref } from '~/entities/product/utils/product-href';
import { buttonClasses } from '~/components/ui/button-styles';
import type { ComparisonEntry } from '~/entities/comparison-list/comparison-list';
import { formatPrice } from '~/lib/format';

const STEPS = [
  { icon: MousePointerClick, text: 'Ürün kartlarındaki “Karşılaştır” düğmesine tıklayın.' },
  { icon: Plus, text: 'Karşılaştırmak istediğiniz diğer ürünleri ekleyin.' },
  { icon: Scale, text: 'Fiyatları, özellikleri ve mağazaları yan yana görün.' },
];

/** Nothing to compare yet: how it works and the way to the products. */
export function ComparisonEmpty({ max }: { max: number }) {
  return (
    <div className="rounded-2xl border border-dashed border-line bg-surface px-6 py-12 text-center sm:py-16">
      <span className="mx-auto flex size-16 items-center justify-center rounded-2xl bg-primary-soft text-primary">
        <GitCompareArrows aria-hidden="true" className="size-8" />
      </span>
      <h2 className="mt-4 text-xl font-bold text-ink">Karşılaştırma listeniz boş</h2>
      <p className="mx-auto mt-2 max-w-md text-muted">
        En fazla {max} ürünü yan yana koyarak fiyatlarını, teknik özelliklerini ve mağazalarını karşılaştırın.
      </p>
      <ol className="mx-auto mt-6 grid max-w-2xl gap-3 text-left sm:grid-cols-3">
        {STEPS.map(({ icon: Icon, text }, i) => (
          <li key={text} className="flex items-start gap-3 rounded-xl bg-surface-2 p-3 text-sm text-ink">
            <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-surface text-primary shadow-sm">
              <Icon aria-hidden="true" className="size-4" />
            </span>
            <span>
              <span className="sr-only">{i + 1}. </span>
              {text}
            </span>
          </li>
        ))}
      </ol>
      <Link to="/" className={buttonClasses('primary', 'lg', 'mt-7')}>
        <Compass aria-hidden="true" className="size-5" />
        Ürünleri Keşfet
      </Link>
    </div>
  );
}

/** One product in the list: it is shown, and a second one is asked for. */
export function ComparisonSingle({ product, onRemove }: { product: ComparisonEntry; onRemove: () => void }) {
  return (
    <div className="rounded-2xl border border-line bg-surface p-6 shadow-sm sm:p-8">
      <div className="grid items-center gap-6 sm:grid-cols-[1fr_auto_1fr]">
        <div className="relative flex items-center gap-4 rounded-2xl border border-line p-4">
          {product.image_url && (
            <img
              src={product.image_url}
              alt=""
              width={80}
              height={60}
              className="h-16 w-20 shrink-0 rounded-lg bg-white object-contain"
            />
          )}
          <div className="min-w-0 pr-6">
            {product.brand && <p className="text-xs font-semibold text-primary">{product.brand}</p>}
            <Link
              to={productHref(product._id)}
              className="line-clamp-2 text-sm font-semibold text-ink hover:text-primary hover:underline"
            >
              {product.name}
            </Link>
            {product.currentPrice != null && (
              <p className="mt-1 text-base font-extrabold text-price">{formatPrice(product.currentPrice)}</p>
            )}
          </div>
          <button
            type="button"
            onClick={onRemove}
            aria-label={`${product.name} ürününü karşılaştırmadan çıkar`}
            className="absolute top-2 right-2 inline-flex size-7 items-center justify-center rounded-full text-muted hover:bg-danger/10 hover:text-danger"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
        <span className="mx-auto flex size-10 items-center justify-center rounded-full bg-surface-2 text-sm font-bold text-muted">
          VS
        </span>
        <Link
          to="/"
          className="flex min-h-24 flex-col items-center justify-center rounded-2xl border-2 border-dashed border-line p-4 text-center text-sm text-muted transition-colors hover:border-primary hover:text-primary"
        >
          <Plus aria-hidden="true" className="size-6" />
          Bir ürün daha ekleyin
        </Link>
      </div>
      <div className="mt-6 text-center">
        <h2 className="text-lg font-bold text-ink">Karşılaştırma için en az {COMPARISON_MIN} ürün gerekli</h2>
        <p className="mt-1 text-muted">Listeye bir ürün daha ekleyerek karşılaştırmayı başlatın.</p>
        <Link to="/" className={buttonClasses('primary', 'md', 'mt-5')}>
          <Compass aria-hidden="true" className="size-4" />
          Ürünleri Keşfet
        </Link>
      </div>
    </div>
  );
}
