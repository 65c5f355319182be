import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Bookmark, GitCompareArrows, Save, Trash2 } from 'lucide-react';
import clsx from 'clsx';
import { COMPARISON_ERROR_CODES, type ComparisonItem, type SavedComparison } from '@kiyasla/contracts/comparisons';
import { comparisonsMessages } from '@kiyasla/contracts/messages/comparisons';
import { ListingError } from '~/entities/listing/components/listing-states';
import { useComparisonLimit } from '~/entities/comparison-list/components/compare-button';
import { Breadcrumb } from '~/components/ui/breadcrumb';
import { buttonClasses } from '~/components/ui/button-styles';
import { Skeleton } from '~/components/ui/skeleton';
import { errorMessage, isApiError } from '~/lib/api-client';
import { useAuth } from '~/entities/session/auth-context';
import { loginHref } from '~/entities/session/utils/safe-redirect';
import {
  clearComparison,
  removeFromComparison,
  useComparisonHydrated,
  useComparisonList,
  useLoadedComparison,
} from '~/entities/comparison-list/comparison-list';
import { usePublicConfig } from '~/lib/public-config';
import { useLoadErrorToast } from '~/lib/query-client';
import { toast } from '~/lib/toast';
import { useComparisonResult } from '../api/compare-products';
import { useCreateComparison } from '../api/create-comparison';
import { useDeleteComparison } from '../api/delete-comparison';
import { useLoadComparison } from '../api/get-saved-comparison';
import { useSavedComparisons } from '../api/get-saved-comparisons';
import { useUpdateComparison } from '../api/update-comparison';
import { saveBlocker, savedComparisonLimit } from '../utils/save-comparison-form';
import { AnalysisTab } from './analysis-tab';
import { ComparisonEmpty, ComparisonSingle } from './comparison-empty';
import { ComparisonSummary } from './comparison-summary';
import { COMPARISON_TAB_LABELS, ComparisonTabs, ComparisonTabPanel, type ComparisonTab } from './comparison-tabs';
import { OverviewTab } from './overview-tab';
import { PricesTab } from './prices-tab';
import { SaveComparisonDialog, type SaveSubmit } from './save-comparison-dialog';
import { SavedComparisonsSidebar } from './saved-comparisons-sidebar';
import { SpecsTab } from './specs-tab';

const m = comparisonsMessages;

function ComparisonSkeleton() {
  return (
    <div aria-busy="true" className="space-y-4">
      <p role="status" className="sr-only">
        Yükleniyor...
      </p>
      <div className="grid gap-3 sm:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-20 rounded-2xl" />
        ))}
      </div>
      <Skeleton className="h-11 w-full max-w-xl" />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className={clsx('h-96 rounded-2xl', i === 2 && 'max-lg:hidden')} />
        ))}
      </div>
    </div>
  );
}

/**
 * The comparison page (spec §2): the session list compared side by side, with the saved
 * comparisons beside it. Works for visitors; saving needs an account, the analysis tab premium.
 */
export function ComparisonPage() {
  const navigate = useNavigate();
  const { status, user } = useAuth();
  const signedIn = status === 'authenticated' && user !== null;
  const userId = signedIn ? user._id : '';
  const hydrated = useComparisonHydrated();
  const list = useComparisonList();
  const loadedRef = useLoadedComparison();
  const max = useComparisonLimit();
  const config = usePublicConfig();
  const ids = list.map((p) => p._id);

  const result = useComparisonResult(ids, userId, hydrated && status !== 'loading');
  const saved = useSavedComparisons(userId);
  const savedItems = saved.data?.data;
  const limit = signedIn ? savedComparisonLimit(user, config) : null;
  const loadedSaved: SavedComparison | null =
    (loadedRef && savedItems?.find((s) => s._id === loadedRef.id && s.isOwner)) || null;

  const load = useLoadComparison({ viewer: userId, max });
  const create = useCreateComparison(userId);
  const update = useUpdateComparison(userId);
  const remove = useDeleteComparison(userId);

  const [tab, setTab] = useState<ComparisonTab>('overview');
  const [dialogOpen, setDialogOpen] = useState(false);
  const [serverError, setServerError] = useState<{ message: string; upgrade: boolean } | null>(null);

  useLoadErrorToast(result.isError, m.productDetailsError);

  const openSave = () => {
    const blocker = saveBlocker({
      signedIn,
      productCount: list.length,
      savedCount: saved.data?.pagination.total,
      // Updating the loaded comparison needs no free slot.
      limit: loadedSaved ? null : limit,
    });
    if (blocker === m.loginRequired) {
      toast.warning(blocker, undefined, {
        action: { label: 'Oturum Aç', onClick: () => navigate(loginHref('/comparison')) },
      });
    } else if (blocker === m.tooFew) {
      toast.warning(blocker);
    } else if (blocker) {
      toast.warning(blocker, undefined, {
        action: { label: "Premium'a Geç", onClick: () => navigate('/premium-plans') },
      });
    } else {
      setServerError(null);
      setDialogOpen(true);
    }
  };

  const onSubmit = ({ mode, value }: SaveSubmit) => {
    setServerError(null);
    const onError = (fallback: string) => (error: Error) =>
      setServerError({
        message: errorMessage(error, fallback),
        upgrade: isApiError(error) && error.code === COMPARISON_ERROR_CODES.limit,
      });
    const onSuccess = () => setDialogOpen(false);
    if (mode === 'update' && loadedSaved) {
      update.mutate(
        { id: loadedSaved._id, input: { ...value, productIds: ids } },
        { onSuccess, onError: onError(m.updateFailed) },
      );
    } else {
      create.mutate({ ...value, productIds: ids }, { onSuccess, onError: onError(m.saveFailed) });
    }
  };

  const removeProduct = (product: Pick<ComparisonItem, '_id' | 'name'>) => {
    removeFromComparison(product._id);
    toast.success(m.removed, product.name);
  };

  const clearList = () => {
    clearComparison();
    toast.success(m.cleared);
  };

  const access = !signedIn ? 'anonymous' : user.isPremium ? 'premium' : 'free';
  const data = result.data;

  let content;
  if (!hydrated || status === 'loading') {
    content = <ComparisonSkeleton />;
  } else if (list.length === 0) {
    content = <ComparisonEmpty max={max} />;
  } else if (list.length === 1 && list[0]) {
    content = <ComparisonSingle product={list[0]} onRemove={() => removeProduct(list[0]!)} />;
  } else if (result.isError && !data) {
    content = (
      <ListingError
        message={`${m.productDetailsError}. ${errorMessage(result.error, '')}`.trim()}
        onRetry={() => void result.refetch()}
      />
    );
  } else if (!data) {
    content = <ComparisonSkeleton />;
  } else {
    content = (
      <div className={clsx('space-y-5 transition-opacity', result.isPlaceholderData && 'opacity-60')}>
        <ComparisonSummary summary={data.summary} productCount={data.products.length} />
        <div>
          <ComparisonTabs value={tab} onChange={setTab} premiumLocked={access !== 'premium'} />
          <ComparisonTabPanel tab={tab}>
            <h2 className="sr-only">{COMPARISON_TAB_LABELS[tab]}</h2>
            {tab === 'overview' && <OverviewTab result={data} onRemove={removeProduct} />}
            {tab === 'specs' && <SpecsTab result={data} />}
            {tab === 'prices' && <PricesTab result={data} />}
            {tab === 'analysis' && <AnalysisTab result={data} access={access} />}
          </ComparisonTabPanel>
        </div>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <Breadcrumb items={[{ label: 'Ana Sayfa', to: '/' }, { label: 'Karşılaştırma' }]} />
      <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] xl:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0">
          <div className="mb-5 flex flex-wrap items-end justify-between gap-4">
            <div className="flex items-center gap-3">
              <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-primary-soft text-primary">
                <GitCompareArrows aria-hidden="true" className="size-6" />
              </span>
              <div className="min-w-0">
                <h1 className="text-2xl font-extrabold tracking-tight text-ink sm:text-3xl">Ürün Karşılaştırma</h1>
                <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
                  <span>
                    {hydrated ? list.length : 0} / {max} ürün
                  </span>
                  {loadedRef && (
                    <span className="inline-flex max-w-full items-center gap-1 rounded-full bg-primary-soft px-2 py-0.5 text-xs font-semibold text-primary">
                      <Bookmark aria-hidden="true" className="size-3 shrink-0" />
                      <span className="truncate">{loadedRef.name}</span>
                    </span>
                  )}
                </p>
              </div>
            </div>
            {hydrated && list.length > 0 && (
              <div className="flex w-full gap-2 sm:w-auto">
                <button
                  type="button"
                  onClick={clearList}
                  className={buttonClasses('outline', 'md', 'flex-1 sm:flex-none')}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  Listeyi Temizle
                </button>
                <button
                  type="button"
                  onClick={openSave}
                  className={buttonClasses('primary', 'md', 'flex-1 sm:flex-none')}
                >
                  <Save aria-hidden="true" className="size-4" />
                  Kaydet
                </button>
              </div>
            )}
          </div>
          {content}
        </div>

        <SavedComparisonsSidebar
          user={signedIn ? user : null}
          authPending={status === 'loading'}
          items={savedItems}
          isLoading={saved.isPending}
          isError={saved.isError}
          limit={limit}
          loadedId={loadedRef?.id ?? null}
          loadingId={load.isPending ? (load.variables?.id ?? null) : null}
          deleting={remove.isPending}
          onLoad={(item) => load.mutate({ id: item._id })}
          onDelete={(item, done) => remove.mutate({ id: item._id, name: item.name }, { onSettled: done })}
        />
      </div>

      {signedIn && (
        <SaveComparisonDialog
          open={dialogOpen}
          onOpenChange={setDialogOpen}
          productCount={list.length}
          loaded={loadedSaved}
          pending={create.isPending || update.isPending}
          serverError={serverError}
          onSubmit={onSubmit}
        />
      )}
    </div>
  );
}
