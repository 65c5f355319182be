import { Link } from 'react-router';
import { House, PackageX } from 'lucide-react';
import { catalogMessages } from '@kiyasla/contracts/messages/catalog';
import { buttonClasses } from '~/components/ui/button-styles';

/** 'Ürün bulunamadı' (served with HTTP 404). */
export function ProductNotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <span className="mb-6 flex h-16 w-16 items-center justify-center rounded-2xl bg-primary-soft text-primary">
        <PackageX aria-hidden="true" className="h-8 w-8" />
      </span>
      <h1 className="text-2xl font-bold text-ink sm:text-3xl">{catalogMessages.productNotFound}</h1>
      <p className="mt-3 text-muted">
        Aradığınız ürün satıştan kaldırılmış ya da bağlantı hatalı olabilir. Benzer ürünleri kategorilerde
        bulabilirsiniz.
      </p>
      <Link to="/" className={buttonClasses('primary', 'lg', 'mt-8')}>
        <House aria-hidden="true" className="h-5 w-5" />
        Ana Sayfaya Dön
      </Link>
    </div>
  );
}
