import { LayoutGrid, Search } from 'lucide-react';
import { LazySearchForm } from '~/entities/search-box/components/lazy-search-form';
import { TermLinks, type TermLink } from './term-links';

/** /search without a term: a friendly prompt, a big search box and places to start. */
export function SearchPrompt({
  trending,
  categories,
}: {
  trending: readonly TermLink[];
  categories: readonly TermLink[];
}) {
  return (
    <section aria-labelledby="search-prompt-title" className="mx-auto max-w-2xl py-6 text-center sm:py-12">
      <span className="mx-auto flex h-16 w-16 items-center justify-center rounded-2xl bg-primary-soft text-primary shadow-sm">
        <Search aria-hidden="true" className="h-8 w-8" />
      </span>
      <h1 id="search-prompt-title" className="mt-5 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">
        Ne aramak istersiniz?
      </h1>
      <p className="mx-auto mt-3 max-w-lg text-muted">
        Ürün, marka veya kategori adını yazın; fiyatları mağazalar arasında sizin için karşılaştıralım.
      </p>
      <LazySearchForm
        className="mx-auto mt-8"
        size="lg"
        inputLabel="Aradığınız ürünü yazın"
        formLabel="Sayfada ürün arama"
      />
      <div className="mt-10 space-y-6 text-left">
        <TermLinks title="Popüler Aramalar" links={trending} />
        <TermLinks title="Kategoriler" label="Göz atılacak kategoriler" links={categories} icon={LayoutGrid} />
      </div>
    </section>
  );
}
