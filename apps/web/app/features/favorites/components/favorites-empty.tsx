import { Link } from 'react-router';
import { Compass, Heart, SearchX } from 'lucide-react';
import { buttonClasses } from '~/components/ui/button-styles';

/** No favorites yet: what they are for, and 'Ürünleri Keşfet'. */
export function FavoritesEmpty() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-line bg-surface px-6 py-16 text-center">
      <span className="flex h-16 w-16 items-center justify-center rounded-2xl bg-danger/10 text-danger">
        <Heart aria-hidden="true" className="h-8 w-8" />
      </span>
      <h2 className="text-xl font-bold text-ink">Favori listeniz boş</h2>
      <p className="max-w-md text-muted">
        Beğendiğiniz ürünleri kalp simgesiyle favorilerinize ekleyin; fiyatlarını ve mağazalarını tek yerden takip edin.
      </p>
      <Link to="/" className={buttonClasses('primary', 'lg', 'mt-3')}>
        <Compass aria-hidden="true" className="h-5 w-5" />
        Ürünleri Keşfet
      </Link>
    </div>
  );
}

/** Favorites exist, but none matches the search. */
export function FavoritesNoMatch({ query, onClear }: { query: string; onClear: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-line bg-surface px-6 py-14 text-center">
      <span className="flex h-14 w-14 items-center justify-center rounded-2xl bg-primary-soft text-primary">
        <SearchX aria-hidden="true" className="h-7 w-7" />
      </span>
      <h2 className="text-xl font-bold text-ink">Eşleşen favori bulunamadı</h2>
      <p className="max-w-md break-words text-muted">“{query}” aramasıyla eşleşen bir favoriniz yok.</p>
      <button type="button" onClick={onClear} className={buttonClasses('outline', 'md', 'mt-2')}>
        Aramayı Temizle
      </button>
    </div>
  );
}
