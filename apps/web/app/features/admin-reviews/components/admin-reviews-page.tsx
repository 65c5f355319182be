import { useState } from 'react';
import { Check, Star, Trash2, Undo2 } from 'lucide-react';
import {
  adminReviewMessages as m,
  REVIEW_MODERATION_STATUS_LABELS,
  REVIEW_MODERATION_STATUSES,
  type AdminReview,
} from '@kiyasla/contracts/admin-reviews';
import { buttonClasses } from '~/components/ui/button-styles';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import {
  FilterForm,
  FilterSearchField,
  FilterSelectField,
  ListPanel,
  ListTable,
  useListFilters,
} from '~/components/ui/list-filters';
import { Pager } from '~/components/ui/pager';
import { formatDate } from '~/lib/format-date';
import { EMPTY_REVIEW_FILTERS, useAdminReviews, type AdminReviewFilters } from '../api/get-admin-reviews';
import { useDeleteAdminReview, useSetReviewApproval } from '../api/moderate-admin-review';

const STATUS_OPTIONS = REVIEW_MODERATION_STATUSES.map((status) => ({
  value: status,
  label: REVIEW_MODERATION_STATUS_LABELS[status],
}));

/** The review's text as the table shows it: title and comment, cut to 120 characters. */
function excerpt(review: AdminReview) {
  const text = [review.title, review.comment].filter(Boolean).join(' — ');
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}

/**
 * /admin/reviews: the moderation queue (pending first, oldest first), filters applied on submit
 * (page back to 1), approve or take back at once, delete with confirmation.
 */
export function AdminReviewsPage() {
  const { draft, edit, applied, page, setPage, submit } = useListFilters<AdminReviewFilters>(EMPTY_REVIEW_FILTERS);
  const [deleting, setDeleting] = useState<AdminReview | null>(null);
  const query = useAdminReviews(page, applied);
  const approval = useSetReviewApproval();
  const remove = useDeleteAdminReview();

  const reviews = query.data?.reviews ?? [];
  const pagination = query.data?.pagination;

  return (
    <section>
      <h1 className="text-2xl font-semibold text-ink">Yorumlar</h1>
      <p className="mt-1 text-sm text-muted">
        Yeni yorumlar onaylanana kadar ürün sayfasında görünmez ve ürünün puanına sayılmaz.
      </p>
      <FilterForm label="Yorum süzgeçleri" columns="sm:grid-cols-[1fr_auto_auto]" onSubmit={submit}>
        <FilterSearchField
          id="reviews-search"
          placeholder="Ürün, yazar veya yorum metninde ara"
          value={draft.search}
          onChange={(search) => edit({ search })}
        />
        <FilterSelectField
          id="reviews-status"
          label="Durum"
          value={draft.status}
          onChange={(status) => edit({ status })}
          options={STATUS_OPTIONS}
        />
      </FilterForm>

      <ListPanel
        pending={query.isPending}
        loading={m.loading}
        error={query.isError ? m.loadError : undefined}
        empty={reviews.length === 0}
        emptyText={m.empty}
      >
        <ListTable minWidth="min-w-[760px]" headings={['Ürün', 'Yazar', 'Puan', 'Yorum', 'Durum', 'Tarih']} actions>
          {reviews.map((review) => (
            <tr key={review._id} className="border-b border-line align-top last:border-0">
              <td className="px-4 py-3 font-medium text-ink">{review.product.name}</td>
              <td className="px-4 py-3">{review.authorName}</td>
              <td className="px-4 py-3 whitespace-nowrap">
                <span className="inline-flex items-center gap-1" aria-label={`5 üzerinden ${review.rating}`}>
                  <Star aria-hidden="true" className="size-4 fill-warning text-warning" />
                  {review.rating}
                </span>
              </td>
              <td className="max-w-xs px-4 py-3 text-muted">{excerpt(review)}</td>
              <td className="px-4 py-3">
                <span
                  className={
                    review.isApproved
                      ? 'inline-flex rounded-full bg-success/15 px-2 py-0.5 text-xs font-medium text-success'
                      : 'inline-flex rounded-full bg-warning/15 px-2 py-0.5 text-xs font-medium text-ink'
                  }
                >
                  {review.isApproved ? 'Onaylı' : 'Onay bekliyor'}
                </span>
              </td>
              <td className="px-4 py-3 whitespace-nowrap">{formatDate(review.createdAt)}</td>
              <td className="px-4 py-3">
                <div className="flex justify-end gap-1">
                  <button
                    type="button"
                    disabled={approval.isPending}
                    onClick={() => approval.mutate({ id: review._id, isApproved: !review.isApproved })}
                    className={buttonClasses('ghost', 'icon')}
                    aria-label={`${review.authorName} yorumunu ${review.isApproved ? 'onaydan kaldır' : 'onayla'}`}
                    title={review.isApproved ? 'Onaydan kaldır' : 'Onayla'}
                  >
                    {review.isApproved ? (
                      <Undo2 aria-hidden="true" className="size-4" />
                    ) : (
                      <Check aria-hidden="true" className="size-4" />
                    )}
                  </button>
                  <button
                    type="button"
                    onClick={() => setDeleting(review)}
                    className={buttonClasses('ghost', 'icon', 'text-danger')}
                    aria-label={`${review.authorName} yorumunu sil`}
                    title="Sil"
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </ListTable>
      </ListPanel>
      {pagination && (
        <Pager page={pagination.page} pages={pagination.pages} total={pagination.total} noun="yorum" onPage={setPage} />
      )}

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Yorumu Sil"
        description={m.deleteConfirm}
        confirmLabel="Sil"
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting._id, { onSettled: () => setDeleting(null) })}
      />
    </section>
  );
}
