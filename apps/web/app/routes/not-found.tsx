import { data, Link } from 'react-router';
import { ArrowLeft, House, SearchX } from 'lucide-react';
import type { Route } from './+types/not-found';
import { LazySearchForm } from '~/entities/search-box/components/lazy-search-form';
import { buttonClasses } from '~/components/ui/button-styles';
import { pageTitle } from '~/lib/seo';

/** Every unknown address renders this page with a real 404 status (crawlers must not index it). */
export function loader({ request }: Route.LoaderArgs) {
  return data({ path: new URL(request.url).pathname }, { status: 404 });
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Sayfa Bulunamadı') },
  { name: 'robots', content: 'noindex' },
];

export default function NotFound() {
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <div className="relative mb-8">
        <p aria-hidden="true" className="text-8xl font-black tracking-tighter text-primary/15 sm:text-9xl">
          404
        </p>
        <span className="absolute inset-0 flex items-center justify-center">
          <span className="flex h-16 w-16 items-center justify-center rounded-2xl bg-primary-soft text-primary shadow-sm">
            <SearchX aria-hidden="true" className="h-8 w-8" />
          </span>
        </span>
      </div>
      <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">Sayfa Bulunamadı</h1>
      <p className="mt-4 max-w-md text-muted">
        Aradığınız sayfa taşınmış, adı değişmiş ya da hiç var olmamış olabilir. Aradığınız ürünü aşağıdan arayabilir
        veya ana sayfaya dönebilirsiniz.
      </p>
      <LazySearchForm
        className="mt-8 max-w-lg"
        size="lg"
        inputLabel="Aradığınız ürünü yazın"
        formLabel="Sayfada ürün arama"
      />
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClasses('primary', 'md')}>
          <House aria-hidden="true" className="h-4 w-4" />
          Ana Sayfaya Dön
        </Link>
        <button type="button" onClick={() => window.history.back()} className={buttonClasses('outline', 'md')}>
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          Geri Dön
        </button>
      </div>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/ui/route-error-boundary';
