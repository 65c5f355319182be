import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Filter, House, LayoutGrid, ListMinus, SearchX, SpellCheck, Telescope } from 'lucide-react';
import { catalogMessages } from '@kiyasla/contracts/messages/catalog';
import { buttonClasses } from '~/components/ui/button-styles';
import { TermLinks, type TermLink } from './term-links';

interface SearchEmptyProps {
  q: string;
  /** Filters narrowed the results to nothing: the first tip is to remove them. */
  onClearFilters?: () => void;
  categories: readonly TermLink[];
  trending: readonly TermLink[];
}

function Tip({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
        {icon}
      </span>
      <span className="text-sm">
        <span className="block font-semibold text-ink">{title}</span>
        <span className="block text-muted">{children}</span>
      </span>
    </li>
  );
}

/** 'Sonuç Bulunamadı': search tips, categories and trending searches to go on with, and a way home. */
export function SearchEmpty({ q, onClearFilters, categories, trending }: SearchEmptyProps) {
  return (
    <section
      aria-labelledby="search-empty-title"
      className="rounded-2xl border border-dashed border-line bg-surface px-5 py-10 sm:px-10 sm:py-12"
    >
      <div className="flex flex-col items-center text-center">
        <span className="flex h-14 w-14 items-center justify-center rounded-2xl bg-primary-soft text-primary">
          <SearchX aria-hidden="true" className="h-7 w-7" />
        </span>
        <h2 id="search-empty-title" className="mt-4 text-2xl font-bold text-ink">
          {catalogMessages.noResults}
        </h2>
        <p className="mt-2 max-w-lg break-words text-muted">
          <span className="font-semibold text-ink">“{q}”</span>{' '}
          {onClearFilters ? 'için seçtiğiniz filtrelere uygun ürün bulamadık.' : 'için eşleşen bir ürün bulamadık.'}
        </p>
      </div>

      <div className="mx-auto mt-8 max-w-2xl rounded-2xl bg-surface-2 p-5 sm:p-6">
        <h3 className="text-sm font-bold text-ink">Aramanızı geliştirmek için</h3>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {onClearFilters && (
            <Tip icon={<Filter aria-hidden="true" className="h-4 w-4" />} title="Filtreleri kaldırın">
              Fiyat, marka veya mağaza filtreleri sonuçları daraltıyor olabilir.
            </Tip>
          )}
          <Tip icon={<SpellCheck aria-hidden="true" className="h-4 w-4" />} title="Yazımı kontrol edin">
            Harf hatası olmadığından emin olun.
          </Tip>
          <Tip icon={<ListMinus aria-hidden="true" className="h-4 w-4" />} title="Daha az kelime kullanın">
            “iphone 15 128 gb siyah” yerine “iphone 15” gibi.
          </Tip>
          <Tip icon={<Telescope aria-hidden="true" className="h-4 w-4" />} title="Daha genel terimler deneyin">
            “kablosuz oyuncu kulaklığı” yerine “kulaklık” gibi.
          </Tip>
          <Tip icon={<LayoutGrid aria-hidden="true" className="h-4 w-4" />} title="Kategorilere göz atın">
            Aradığınızı kategoriler arasında gezerek bulun.
          </Tip>
        </ul>
      </div>

      <div className="mx-auto mt-8 max-w-2xl space-y-6">
        <TermLinks title="Kategoriler" label="Göz atılacak kategoriler" links={categories} icon={LayoutGrid} />
        <TermLinks title="Popüler Aramalar" links={trending} />
      </div>

      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {onClearFilters && (
          <button type="button" onClick={onClearFilters} className={buttonClasses('primary', 'md')}>
            <Filter aria-hidden="true" className="h-4 w-4" />
            Tümünü Temizle
          </button>
        )}
        <Link to="/" className={buttonClasses(onClearFilters ? 'outline' : 'primary', 'md')}>
          <House aria-hidden="true" className="h-4 w-4" />
          Ana Sayfaya Dön
        </Link>
      </div>
    </section>
  );
}
