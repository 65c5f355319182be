import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { ChevronDown, RotateCw } from 'lucide-react';
import clsx from 'clsx';
import type { CategoryNode } from '@kiyasla/contracts/catalog';
import { catalogMessages } from '@kiyasla/contracts/messages/catalog';
import { Skeleton } from '~/components/ui/skeleton';
import { categoryHref } from '~/entities/category/utils/categories';
import { CategoryIcon } from '~/entities/category/components/category-icon';

export type CategoryBarState =
  | { status: 'loading' }
  | { status: 'error'; onRetry?: () => void }
  | { status: 'ready'; categories: readonly CategoryNode[] };

const CLOSE_DELAY_MS = 150;
const MORE_KEY = '__more__';

function focusables(container: HTMLElement | null): HTMLAnchorElement[] {
  return container ? Array.from(container.querySelectorAll<HTMLAnchorElement>('a[href]')) : [];
}

function CategoryItem({
  category,
  open,
  onOpen,
  onClose,
  className,
}: {
  category: CategoryNode;
  className?: string;
  open: boolean;
  onOpen: (immediate?: boolean) => void;
  onClose: (immediate?: boolean) => void;
}) {
  const itemRef = useRef<HTMLLIElement>(null);
  const linkRef = useRef<HTMLAnchorElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const hasChildren = category.children.length > 0;
  const panelId = `category-menu-${category.slug}`;

  const focusChild = (index: number) => {
    const links = focusables(panelRef.current);
    const target = links[(index + links.length) % links.length];
    target?.focus();
  };

  const onLinkKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!hasChildren) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      onOpen(true);
      // The panel becomes visible on the next render.
      requestAnimationFrame(() => focusChild(0));
    }
  };

  const onPanelKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const links = focusables(panelRef.current);
    const index = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      focusChild(index + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (index <= 0) linkRef.current?.focus();
      else focusChild(index - 1);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onClose(true);
      linkRef.current?.focus();
    }
  };

  return (
    <li
      ref={itemRef}
      className={clsx('relative', className)}
      onMouseEnter={() => hasChildren && onOpen()}
      onMouseLeave={() => hasChildren && onClose()}
      onBlur={(event) => {
        if (!itemRef.current?.contains(event.relatedTarget as Node | null)) onClose(true);
      }}
    >
      <div className="flex items-center">
        <Link
          ref={linkRef}
          to={categoryHref(category.slug)}
          onKeyDown={onLinkKeyDown}
          className={clsx(
            'flex items-center gap-1.5 rounded-md py-2 pl-2 text-sm font-medium whitespace-nowrap transition-colors hover:text-primary',
            hasChildren ? 'pr-0.5' : 'pr-2',
            open ? 'text-primary' : 'text-ink',
          )}
        >
          <CategoryIcon category={category} className="hidden h-4 w-4 text-base xl:inline-flex" />
          {category.name}
        </Link>
        {hasChildren && (
          <button
            type="button"
            aria-expanded={open}
            aria-controls={panelId}
            aria-label={`${category.name} alt kategorileri`}
            onClick={() => (open ? onClose(true) : onOpen(true))}
            onKeyDown={(event) => {
              if (event.key === 'ArrowDown') {
                event.preventDefault();
                onOpen(true);
                requestAnimationFrame(() => focusChild(0));
              } else if (event.key === 'Escape' && open) {
                event.preventDefault();
                onClose(true);
              }
            }}
            className="rounded-md p-1 text-muted transition-colors hover:text-primary"
          >
            <ChevronDown
              aria-hidden="true"
              className={clsx('h-3.5 w-3.5 transition-transform', open && 'rotate-180')}
            />
          </button>
        )}
      </div>
      {hasChildren && (
        <div
          id={panelId}
          ref={panelRef}
          onKeyDown={onPanelKeyDown}
          className={clsx('absolute top-full left-0 z-30 pt-1', open ? 'block' : 'hidden')}
        >
          <ul className="w-64 rounded-xl border border-line bg-surface p-2 shadow-xl shadow-black/10 dark:shadow-black/40">
            {category.children.map((child) => (
              <li key={child._id}>
                <Link
                  to={categoryHref(category.slug, child.slug)}
                  className="flex items-center justify-between gap-3 rounded-lg px-3 py-2 text-sm text-ink transition-colors hover:bg-primary-soft hover:text-primary focus-visible:bg-primary-soft"
                >
                  <span>{child.name}</span>
                  {child.productCount > 0 && <span className="text-xs text-muted">{child.productCount}</span>}
                </Link>
              </li>
            ))}
            <li className="mt-1 border-t border-line pt-1">
              <Link
                to={categoryHref(category.slug)}
                className="block rounded-lg px-3 py-2 text-sm font-semibold text-primary hover:bg-primary-soft"
              >
                Tüm {category.name} ürünleri
              </Link>
            </li>
          </ul>
        </div>
      )}
    </li>
  );
}

/** Below 1536 px the bar cannot hold every category on one line; the rest sit under "Diğer". */
const VISIBLE_AT_MD = 7;

function MoreItem({
  categories,
  open,
  onOpen,
  onClose,
}: {
  categories: readonly CategoryNode[];
  open: boolean;
  onOpen: (immediate?: boolean) => void;
  onClose: (immediate?: boolean) => void;
}) {
  const itemRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const focusChild = (index: number) => {
    const links = focusables(panelRef.current);
    links[(index + links.length) % links.length]?.focus();
  };
  return (
    <li
      ref={itemRef}
      className="relative hidden md:block 2xl:hidden"
      onMouseEnter={() => onOpen()}
      onMouseLeave={() => onClose()}
      onBlur={(event) => {
        if (!itemRef.current?.contains(event.relatedTarget as Node | null)) onClose(true);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls="category-menu-more"
        onClick={() => (open ? onClose(true) : onOpen(true))}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            onOpen(true);
            requestAnimationFrame(() => focusChild(0));
          } else if (event.key === 'Escape' && open) {
            event.preventDefault();
            onClose(true);
          }
        }}
        className={clsx(
          'flex items-center gap-1 rounded-md px-2 py-2 text-sm font-medium transition-colors hover:text-primary',
          open ? 'text-primary' : 'text-ink',
        )}
      >
        Diğer
        <ChevronDown aria-hidden="true" className={clsx('h-3.5 w-3.5 transition-transform', open && 'rotate-180')} />
      </button>
      <div
        id="category-menu-more"
        ref={panelRef}
        onKeyDown={(event) => {
          const links = focusables(panelRef.current);
          const index = links.indexOf(document.activeElement as HTMLAnchorElement);
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            focusChild(index + 1);
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            if (index <= 0) buttonRef.current?.focus();
            else focusChild(index - 1);
          } else if (event.key === 'Escape') {
            event.preventDefault();
            onClose(true);
            buttonRef.current?.focus();
          }
        }}
        className={clsx('absolute top-full right-0 z-30 pt-1', open ? 'block' : 'hidden')}
      >
        <ul className="w-56 rounded-xl border border-line bg-surface p-2 shadow-xl shadow-black/10 dark:shadow-black/40">
          {categories.map((category) => (
            <li key={category._id}>
              <Link
                to={categoryHref(category.slug)}
                className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm text-ink transition-colors hover:bg-primary-soft hover:text-primary focus-visible:bg-primary-soft"
              >
                <CategoryIcon category={category} className="h-4 w-4 text-base" />
                {category.name}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </li>
  );
}

/** Desktop-only (md+) bar of top-level categories, each with a dropdown of its children. */
export function CategoryBar({ state }: { state: CategoryBarState }) {
  const [openSlug, setOpenSlug] = useState<string | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const cancelClose = () => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
    closeTimer.current = null;
  };
  useEffect(() => cancelClose, []);

  const open = (key: string) => {
    cancelClose();
    setOpenSlug(key);
  };
  const close = (key: string, immediate?: boolean) => {
    cancelClose();
    const shut = () => setOpenSlug((current) => (current === key ? null : current));
    if (immediate) shut();
    else closeTimer.current = setTimeout(shut, CLOSE_DELAY_MS);
  };

  return (
    <nav aria-label="Kategori menüsü" className="hidden border-b border-line bg-surface md:block">
      <div className="mx-auto flex min-h-11 max-w-7xl items-center px-4 sm:px-6 lg:px-8">
        {state.status === 'loading' && (
          <div className="flex items-center gap-6 py-2.5" role="status" aria-label="Kategoriler yükleniyor">
            {Array.from({ length: 8 }, (_, i) => (
              <Skeleton key={i} className="h-4 w-20" />
            ))}
          </div>
        )}
        {state.status === 'error' && (
          <div className="flex items-center gap-3 py-2 text-sm text-muted">
            <span>{catalogMessages.categoriesLoadFailed}</span>
            {state.onRetry && (
              <button
                type="button"
                onClick={state.onRetry}
                className="inline-flex items-center gap-1 rounded-md px-2 py-1 font-semibold text-primary hover:bg-primary-soft"
              >
                <RotateCw aria-hidden="true" className="h-3.5 w-3.5" />
                Tekrar dene
              </button>
            )}
          </div>
        )}
        {state.status === 'ready' && (
          <ul className="-ml-2 flex flex-wrap items-center gap-x-1 xl:gap-x-2">
            {state.categories.map((category, index) => (
              <CategoryItem
                key={category._id}
                category={category}
                className={index >= VISIBLE_AT_MD ? 'md:hidden 2xl:block' : undefined}
                open={openSlug === category.slug}
                onOpen={() => open(category.slug)}
                onClose={(immediate) => close(category.slug, immediate)}
              />
            ))}
            {state.categories.length > VISIBLE_AT_MD && (
              <MoreItem
                categories={state.categories.slice(VISIBLE_AT_MD)}
                open={openSlug === MORE_KEY}
                onOpen={() => open(MORE_KEY)}
                onClose={(immediate) => close(MORE_KEY, immediate)}
              />
            )}
          </ul>
        )}
      </div>
    </nav>
  );
}
