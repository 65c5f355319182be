import { buttonClasses } from './button-styles';

/** 'Sayfa X / Y - toplam N <noun>' with previous and next, shown only with more than one page. */
export function Pager({
  page,
  pages,
  total,
  noun,
  onPage,
}: {
  page: number;
  pages: number;
  total: number;
  noun: string;
  onPage: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Sayfalama" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-muted">
      <span>
        Sayfa {page} / {pages} - toplam {total} {noun}
      </span>
      <span className="flex gap-2">
        <button
          type="button"
          className={buttonClasses('outline', 'sm')}
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          Önceki
        </button>
        <button
          type="button"
          className={buttonClasses('outline', 'sm')}
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          Sonraki
        </button>
      </span>
    </nav>
  );
}
