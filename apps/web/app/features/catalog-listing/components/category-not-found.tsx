import { Link } from 'react-router';
import { FolderX, House } from 'lucide-react';
import { catalogMessages } from '@kiyasla/contracts/messages/catalog';
import { buttonClasses } from '~/components/ui/button-styles';

/** 'Kategori bulunamadı' (served with HTTP 404), with the way back. */
export function CategoryNotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <span className="mb-6 flex h-16 w-16 items-center justify-center rounded-2xl bg-primary-soft text-primary">
        <FolderX aria-hidden="true" className="h-8 w-8" />
      </span>
      <h1 className="text-2xl font-bold text-ink sm:text-3xl">{catalogMessages.categoryNotFound}</h1>
      <p className="mt-3 text-muted">
        Aradığınız kategori kaldırılmış ya da adresi değişmiş olabilir. Üstteki menüden diğer kategorilere göz atabilir
        veya ana sayfaya dönebilirsiniz.
      </p>
      <Link to="/" className={buttonClasses('primary', 'lg', 'mt-8')}>
        <House aria-hidden="true" className="h-5 w-5" />
        Ana Sayfaya Dön
      </Link>
    </div>
  );
}
