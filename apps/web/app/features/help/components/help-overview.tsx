import { HELP_CATEGORIES } from '../help-articles';
import { CategoryCard } from './category-card';
import { PopularArticles } from './popular-articles';
import { SupportContactBox } from './support-contact-box';

export function HelpOverview() {
  return (
    <div className="space-y-12">
      <section aria-labelledby="help-categories-title">
        <h2 id="help-categories-title" className="text-2xl font-bold text-ink">
          Yardım Kategorileri
        </h2>
        <p className="mt-1 text-muted">Konunuzu seçin, ilgili makalelerin tamamını görün.</p>
        <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {HELP_CATEGORIES.map((category) => (
            <CategoryCard key={category.slug} category={category} />
          ))}
        </div>
      </section>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <PopularArticles />
        <SupportContactBox />
      </div>
    </div>
  );
}
