import { useState } from 'react';
import { Bookmark, FolderOpen, Globe, LoaderCircle, Lock, Trash2 } from 'lucide-react';
import clsx from 'clsx';
import type { User } from '@kiyasla/contracts/user';
import type { SavedComparison } from '@kiyasla/contracts/comparisons';
import { Skeleton } from '~/components/ui/skeleton';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { formatNumber } from '~/lib/format';
import { formatDate } from '~/lib/format-date';
import { ComparisonLoginPrompt, PremiumUpsell } from './comparison-gates';

function SavedItem({
  item,
  loaded,
  loading,
  onLoad,
  onDelete,
}: {
  item: SavedComparison;
  loaded: boolean;
  loading: boolean;
  onLoad: () => void;
  onDelete: () => void;
}) {
  return (
    <li
      className={clsx(
        'rounded-xl border p-3 transition-colors',
        loaded ? 'border-primary bg-primary-soft/60' : 'border-line bg-surface hover:border-primary/50',
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="truncate text-sm font-semibold text-ink" title={item.name}>
            {item.name}
          </h3>
          <p className="mt-0.5 flex items-center gap-1 text-xs text-muted">
            {item.isPublic ? (
              <Globe aria-hidden="true" className="size-3" />
            ) : (
              <Lock aria-hidden="true" className="size-3" />
            )}
            <span className="sr-only">{item.isPublic ? 'Herkese açık' : 'Gizli'}, </span>
            {formatNumber(item.products.length)} ürün ·{' '}
            <time dateTime={item.createdAt}>{formatDate(item.createdAt, 'short')}</time>
          </p>
        </div>
        {loaded && (
          <span className="shrink-0 rounded-full bg-primary px-2 py-0.5 text-[10px] font-bold text-primary-ink">
            Açık
          </span>
        )}
      </div>
      {item.products.length > 0 && (
        <div aria-hidden="true" className="mt-2 flex -space-x-2">
          {item.products.slice(0, 5).map((p) => (
            <img
              key={p._id}
              src={p.image}
              alt=""
              width={28}
              height={28}
              loading="lazy"
              className="size-7 rounded-full border-2 border-surface bg-white object-contain"
            />
          ))}
        </div>
      )}
      {item.tags.length > 0 && (
        <ul aria-label="Etiketler" className="mt-2 flex flex-wrap gap-1">
          {item.tags.map((tag) => (
            <li key={tag} className="rounded-md bg-surface-2 px-1.5 py-0.5 text-[11px] font-medium text-muted">
              #{tag}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3 flex gap-2">
        <button
          type="button"
          onClick={onLoad}
          disabled={loading}
          aria-label={`${item.name} karşılaştırmasını yükle`}
          className="inline-flex h-8 flex-1 items-center justify-center gap-1.5 rounded-lg bg-primary px-3 text-xs font-semibold text-primary-ink transition-colors hover:bg-brand-700 disabled:opacity-60 dark:hover:bg-brand-300"
        >
          {loading ? (
            <LoaderCircle aria-hidden="true" className="size-3.5 animate-spin" />
          ) : (
            <FolderOpen aria-hidden="true" className="size-3.5" />
          )}
          Yükle
        </button>
        <button
          type="button"
          onClick={onDelete}
          aria-label={`${item.name} karşılaştırmasını sil`}
          title="Sil"
          className="inline-flex size-8 items-center justify-center rounded-lg border border-line text-muted transition-colors hover:border-danger hover:bg-danger/10 hover:text-danger"
        >
          <Trash2 aria-hidden="true" className="size-3.5" />
        </button>
      </div>
    </li>
  );
}

export interface SavedComparisonsSidebarProps {
  user: User | null;
  /** The session is still being restored: neither the prompt nor the list yet. */
  authPending: boolean;
  items: readonly SavedComparison[] | undefined;
  isLoading: boolean;
  isError: boolean;
  limit: number | null;
  loadedId: string | null;
  loadingId: string | null;
  deleting: boolean;
  onLoad: (item: SavedComparison) => void;
  onDelete: (item: SavedComparison, done: () => void) => void;
}

/**
 * Kayıtlı Karşılaştırmalar: load or delete; visitors see the login prompt, free users also the
 * premium upsell (more saved comparisons, the analysis tab).
 */
export function SavedComparisonsSidebar({
  user,
  authPending,
  items,
  isLoading,
  isError,
  limit,
  loadedId,
  loadingId,
  deleting,
  onLoad,
  onDelete,
}: SavedComparisonsSidebarProps) {
  const [pendingDelete, setPendingDelete] = useState<SavedComparison | null>(null);

  return (
    <aside aria-labelledby="saved-comparisons" className="space-y-4">
      <section className="rounded-2xl border border-line bg-surface p-4 shadow-sm">
        <div className="flex items-center justify-between gap-2">
          <h2 id="saved-comparisons" className="flex items-center gap-2 text-base font-bold text-ink">
            <Bookmark aria-hidden="true" className="size-4 text-primary" />
            Kayıtlı Karşılaştırmalar
          </h2>
          {user && items && (
            <span className="rounded-full bg-surface-2 px-2 py-0.5 text-xs font-semibold text-muted">
              {limit === null ? formatNumber(items.length) : `${formatNumber(items.length)} / ${formatNumber(limit)}`}
            </span>
          )}
        </div>
        <div className="mt-3">
          {authPending || (user && isLoading) ? (
            <div className="space-y-2" aria-hidden="true">
              <Skeleton className="h-24 w-full rounded-xl" />
              <Skeleton className="h-24 w-full rounded-xl" />
            </div>
          ) : !user ? (
            <ComparisonLoginPrompt
              compact
              description="Karşılaştırmalarınızı kaydetmek ve daha sonra yeniden açmak için giriş yapın."
            />
          ) : isError ? (
            <p role="alert" className="text-sm text-danger">
              Kayıtlı karşılaştırmalar yüklenemedi.
            </p>
          ) : !items || items.length === 0 ? (
            <p className="rounded-xl border border-dashed border-line px-3 py-6 text-center text-sm text-muted">
              Henüz kayıtlı karşılaştırmanız yok. En az 2 ürünü karşılaştırıp “Kaydet” ile saklayın.
            </p>
          ) : (
            <ul className="space-y-2">
              {items.map((item) => (
                <SavedItem
                  key={item._id}
                  item={item}
                  loaded={item._id === loadedId}
                  loading={item._id === loadingId}
                  onLoad={() => onLoad(item)}
                  onDelete={() => setPendingDelete(item)}
                />
              ))}
            </ul>
          )}
        </div>
      </section>

      {user && !user.isPremium && (
        <PremiumUpsell
          compact
          title="Sınırsız karşılaştırma kaydedin"
          description={`Ücretsiz planda en fazla ${limit ?? 3} karşılaştırma kaydedebilirsiniz. Premium ile sınırsız kayıt ve detaylı avantaj/dezavantaj analizi sizi bekliyor.`}
        />
      )}

      <ConfirmDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open) setPendingDelete(null);
        }}
        title="Karşılaştırma silinsin mi?"
        description={pendingDelete ? `“${pendingDelete.name}” kalıcı olarak silinecek.` : ''}
        confirmLabel="Sil"
        pending={deleting}
        onConfirm={() => {
          if (pendingDelete) onDelete(pendingDelete, () => setPendingDelete(null));
        }}
      />
    </aside>
  );
}
