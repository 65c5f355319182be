import { useEffect, type MouseEvent } from 'react';
import { ArrowRight, ChevronRight, Clock, LayoutGrid, LoaderCircle, Search, Tag, TrendingUp, X } from 'lucide-react';
import clsx from 'clsx';
import { formatNumber, formatPrice } from '~/lib/format';
import { highlightParts } from '../utils/search-highlight';
import type { SearchOption, SearchOptionGroup } from '../utils/search-options';
import type { SuggestionsStatus } from '../hooks/use-search-suggestions';

export type SearchDropdownMode = 'suggestions' | 'empty-box';

interface SearchDropdownProps {
  listboxId: string;
  /** The label of the listbox ("Arama önerileri"). */
  label: string;
  open: boolean;
  mode: SearchDropdownMode;
  groups: readonly SearchOptionGroup[];
  activeKey: string | null;
  /** The typed text, for highlighting. */
  term: string;
  suggestionsStatus: SuggestionsStatus;
  /** The trending list is still loading (empty box). */
  trendingLoading: boolean;
  optionId: (key: string) => string;
  onPick: (option: SearchOption) => void;
  onHover: (key: string) => void;
  onRemoveRecent: (term: string) => void;
  onClearRecent: () => void;
}

function Highlighted({ text, query }: { text: string; query: string }) {
  return (
    <>
      {highlightParts(text, query).map((part, i) =>
        part.match ? (
          <mark key={i} className="bg-transparent font-bold text-primary">
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}

const ICON_TILE = 'flex h-10 w-10 shrink-0 items-center justify-center rounded-lg';

function OptionContent({
  option,
  term,
  onRemoveRecent,
}: {
  option: SearchOption;
  term: string;
  onRemoveRecent: (t: string) => void;
}) {
  if (option.kind === 'search') {
    return (
      <>
        <span className={clsx(ICON_TILE, 'bg-primary text-primary-ink')}>
          <Search aria-hidden="true" className="h-5 w-5" />
        </span>
        <span className="min-w-0 flex-1 truncate text-sm text-ink">
          <span className="font-semibold">“{option.term}”</span> için tüm sonuçları gör
        </span>
        <ArrowRight aria-hidden="true" className="h-4 w-4 shrink-0 text-muted" />
      </>
    );
  }
  if (option.kind === 'recent') {
    return (
      <>
        <Clock aria-hidden="true" className="h-4 w-4 shrink-0 text-muted" />
        <span className="min-w-0 flex-1 truncate text-sm text-ink">{option.term}</span>
        {/*
          Not a button: an interactive element inside an option breaks the listbox for screen
          readers. Keyboard users press Delete on the active entry; 'Temizle' is a real button.
        */}
        <span
          aria-hidden="true"
          title="Kaldır"
          onClick={(event: MouseEvent) => {
            event.stopPropagation();
            onRemoveRecent(option.term);
          }}
          className="-mr-1 flex h-7 w-7 shrink-0 items-center justify-center rounded-md text-muted transition-colors hover:bg-surface-2 hover:text-danger"
        >
          <X className="h-4 w-4" />
        </span>
      </>
    );
  }
  if (option.kind === 'trending') {
    return (
      <>
        <TrendingUp aria-hidden="true" className="h-3.5 w-3.5 shrink-0 text-primary" />
        <span className="truncate">{option.term}</span>
      </>
    );
  }
  const s = option.suggestion;
  if (s.type === 'product') {
    const price = s.price !== null ? formatPrice(s.price) : <span className="font-normal text-muted">Fiyat yok</span>;
    return (
      <>
        <img
          src={s.image}
          alt=""
          width={40}
          height={40}
          decoding="async"
          className="h-10 w-10 shrink-0 self-start rounded-lg border border-line bg-white object-contain p-0.5 sm:self-center"
        />
        <span className="min-w-0 flex-1">
          <span className="line-clamp-2 text-sm break-words text-ink sm:line-clamp-1">
            <Highlighted text={s.text} query={term} />
          </span>
          {/* Phones put the price under the name, leaving the name the full width. */}
          <span className="mt-0.5 flex items-baseline justify-between gap-2">
            <span className="truncate text-xs text-muted">{s.brand}</span>
            <span className="shrink-0 text-sm font-bold whitespace-nowrap text-price sm:hidden">{price}</span>
          </span>
        </span>
        <span className="hidden shrink-0 text-sm font-bold whitespace-nowrap text-price sm:block">{price}</span>
      </>
    );
  }
  if (s.type === 'category') {
    return (
      <>
        <span className={clsx(ICON_TILE, 'bg-primary-soft text-primary')}>
          <LayoutGrid aria-hidden="true" className="h-5 w-5" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm text-ink">
            <Highlighted text={s.text} query={term} />
          </span>
          <span className="block truncate text-xs text-muted">
            {s.parentName ? `${s.parentName} kategorisinde` : 'Kategori'}
          </span>
        </span>
        <ChevronRight aria-hidden="true" className="h-4 w-4 shrink-0 text-muted" />
      </>
    );
  }
  return (
    <>
      <span className={clsx(ICON_TILE, 'bg-surface-2 text-muted')}>
        <Tag aria-hidden="true" className="h-5 w-5" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm text-ink">
          <Highlighted text={s.text} query={term} />
        </span>
        <span className="block truncate text-xs text-muted">Marka · {formatNumber(s.productCount)} ürün</span>
      </span>
      <ChevronRight aria-hidden="true" className="h-4 w-4 shrink-0 text-muted" />
    </>
  );
}

function SuggestionsNote({ status }: { status: SuggestionsStatus }) {
  if (status === 'idle') return null;
  return (
    <p className="flex items-center gap-2 px-4 pt-1 pb-2 text-sm text-muted">
      {status === 'loading' && <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin text-primary" />}
      {status === 'loading'
        ? 'Öneriler getiriliyor…'
        : status === 'error'
          ? 'Öneriler şu anda yüklenemedi.'
          : 'Bu aramaya uygun öneri bulunamadı.'}
    </p>
  );
}

/**
 * The dropdown under the search box: a listbox (options chosen with the arrow keys and Enter,
 * or the pointer) with the suggestions for the typed text, or — in the empty box — the recent
 * and trending searches. Focus never leaves the input (`aria-activedescendant`).
 */
export function SearchDropdown(props: SearchDropdownProps) {
  const { listboxId, open, mode, groups, activeKey, term, optionId, onPick, onHover } = props;
  const hasOptions = groups.some((g) => g.options.length > 0);
  const typedOnly = mode === 'suggestions' && groups.every((g) => g.id === 'all');
  const loading = mode === 'suggestions' ? props.suggestionsStatus === 'loading' : props.trendingLoading;

  // The active option stays visible while the arrow keys walk a long list.
  useEffect(() => {
    if (open && activeKey) document.getElementById(optionId(activeKey))?.scrollIntoView?.({ block: 'nearest' });
  }, [open, activeKey, optionId]);

  const option = (item: SearchOption, chip = false) => {
    const active = item.key === activeKey;
    return (
      <div
        key={item.key}
        id={optionId(item.key)}
        role="option"
        aria-selected={active}
        aria-describedby={item.kind === 'recent' ? `${listboxId}-remove-hint` : undefined}
        onMouseMove={() => onHover(item.key)}
        onClick={() => onPick(item)}
        className={clsx(
          'cursor-pointer transition-colors',
          chip
            ? 'inline-flex max-w-full items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm font-medium text-ink'
            : 'mx-1.5 flex items-center gap-3 rounded-xl px-2.5 py-2',
          chip && (active ? 'border-primary bg-primary-soft' : 'border-line bg-surface'),
          !chip && (active ? 'bg-primary-soft' : 'hover:bg-surface-2'),
        )}
      >
        <OptionContent option={item} term={term} onRemoveRecent={props.onRemoveRecent} />
      </div>
    );
  };

  return (
    <div
      hidden={!open}
      // Clicks inside keep the focus in the input (so the active option and typing carry on).
      onMouseDown={(event) => event.preventDefault()}
      className="absolute inset-x-0 top-full z-50 mt-2 overflow-hidden rounded-2xl xl:right-auto xl:w-[max(100%,36rem)] border border-line bg-surface text-left shadow-xl ring-1 ring-black/5 dark:ring-white/5"
    >
      <div className="relative max-h-[min(72vh,40rem)] overflow-y-auto overscroll-contain py-2">
        {mode === 'empty-box' && groups.some((g) => g.id === 'recent') && (
          <button
            type="button"
            onClick={props.onClearRecent}
            className="absolute top-2 right-3 z-10 rounded-md px-2 py-1 text-xs font-semibold text-primary transition-colors hover:bg-primary-soft"
          >
            Temizle
            <span className="sr-only"> (son aramaları sil)</span>
          </button>
        )}
        {mode === 'suggestions' && typedOnly && <SuggestionsNote status={props.suggestionsStatus} />}
        {mode === 'suggestions' && !typedOnly && loading && (
          <LoaderCircle aria-hidden="true" className="absolute top-3 right-4 h-4 w-4 animate-spin text-primary" />
        )}
        <div id={listboxId} role="listbox" aria-label={props.label}>
          {groups.map((group, index) => {
            const labelId = `${listboxId}-${group.id}`;
            const separated = index > 0 && 'mt-1 border-t border-line pt-2';
            if (group.label === null) {
              return (
                <div key={group.id} role="presentation" className={clsx(separated)}>
                  {group.options.map((item) => option(item))}
                </div>
              );
            }
            return (
              <div key={group.id} role="group" aria-labelledby={labelId} className={clsx('pb-1', separated)}>
                <div
                  id={labelId}
                  role="presentation"
                  className="px-4 pt-1 pb-1.5 text-[11px] font-bold tracking-wider text-muted uppercase"
                >
                  {group.label}
                </div>
                {group.id === 'trending' ? (
                  <div role="presentation" className="flex flex-wrap gap-2 px-4 pt-0.5 pb-1">
                    {group.options.map((item) => option(item, true))}
                  </div>
                ) : (
                  group.options.map((item) => option(item))
                )}
              </div>
            );
          })}
        </div>
        {mode === 'empty-box' && loading && (
          <p className="flex items-center gap-2 px-4 py-3 text-sm text-muted">
            <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin text-primary" />
            Popüler aramalar yükleniyor…
          </p>
        )}
        {mode === 'empty-box' && !hasOptions && !loading && (
          <p className="px-4 py-3 text-sm text-muted">Aramak istediğiniz ürünü, markayı veya kategoriyi yazın.</p>
        )}
        <span id={`${listboxId}-remove-hint`} hidden>
          Listeden kaldırmak için Delete tuşuna basın.
        </span>
      </div>
      <p
        aria-hidden="true"
        className="hidden items-center gap-3 border-t border-line bg-surface-2 px-4 py-2 text-[11px] text-muted sm:flex"
      >
        <span>
          <kbd className="font-sans font-semibold">↑</kbd> <kbd className="font-sans font-semibold">↓</kbd> gezin
        </span>
        <span>
          <kbd className="font-sans font-semibold">Enter</kbd> seç
        </span>
        <span>
          <kbd className="font-sans font-semibold">Esc</kbd> kapat
        </span>
      </p>
    </div>
  );
}
