import { useState } from 'react';
import { Plus } from 'lucide-react';
import clsx from 'clsx';
import { adminCategoryMessages as m, type AdminCategory } from '@kiyasla/contracts/admin-categories';
import { buttonClasses } from '~/components/ui/button-styles';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import {
  EditDeleteCell,
  FilterForm,
  FilterSearchField,
  ListPanel,
  ListTable,
  useListFilters,
} from '~/components/ui/list-filters';
import { Pager } from '~/components/ui/pager';
import { formatNumber } from '~/lib/format';
import { toast } from '~/lib/toast';
import { useAdminCategories } from '../api/get-admin-categories';
import { useDeleteAdminCategory } from '../api/delete-admin-category';
import { CategoryFormDialog } from './category-form-dialog';

/** /admin/categories: search sent to the server, table in tree order, create and edit modals, delete with confirmation. */
export function AdminCategoriesPage({ initialSearch = '' }: { initialSearch?: string }) {
  const { draft, setDraft, applied, page, setPage, submit } = useListFilters(initialSearch);
  const [editing, setEditing] = useState<AdminCategory | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminCategory | null>(null);
  const query = useAdminCategories(page, applied);
  const remove = useDeleteAdminCategory();

  const categories = query.data?.categories ?? [];
  const pagination = query.data?.pagination;

  return (
    <section>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-ink">Kategoriler</h1>
        <button type="button" onClick={() => setEditing('new')} className={buttonClasses('primary', 'md')}>
          <Plus aria-hidden="true" className="size-4" />
          Yeni Kategori
        </button>
      </div>
      <FilterForm label="Kategori araması" columns="sm:grid-cols-[1fr_auto]" onSubmit={submit} submitLabel="Ara">
        <FilterSearchField
          id="categories-search"
          placeholder="Kategori adı veya slug ile ara"
          value={draft}
          onChange={setDraft}
        />
      </FilterForm>

      <ListPanel
        pending={query.isPending}
        loading="Kategoriler yükleniyor..."
        error={query.isError ? m.loadError : undefined}
        empty={categories.length === 0}
        emptyText={m.notFound}
      >
        <ListTable minWidth="min-w-[720px]" headings={['Kategori', 'Üst kategori', 'Ürün', 'Sıra', 'Durum']} actions>
          {categories.map((category) => (
            <tr key={category._id} className="border-b border-line last:border-0">
              <td className={clsx('px-4 py-3', category.parent && 'pl-10')}>
                <div className="font-medium text-ink">
                  {category.icon && (
                    <span aria-hidden="true" className="mr-1.5">
                      {category.icon}
                    </span>
                  )}
                  {category.name}
                </div>
                <div className="text-muted">{category.slug}</div>
              </td>
              <td className="px-4 py-3 text-muted">{category.parent?.name ?? '-'}</td>
              <td className="px-4 py-3 tabular-nums">{formatNumber(category.productCount)}</td>
              <td className="px-4 py-3 tabular-nums">{category.order}</td>
              <td className="px-4 py-3">
                <span
                  className={clsx(
                    'inline-flex rounded-full px-2 py-0.5 text-xs font-medium',
                    category.isActive ? 'bg-success/15 text-success' : 'bg-surface-2 text-muted',
                  )}
                >
                  {category.isActive ? 'Aktif' : 'Pasif'}
                </span>
              </td>
              <EditDeleteCell
                name={category.name}
                onEdit={() => setEditing(category)}
                onDelete={() => setDeleting(category)}
              />
            </tr>
          ))}
        </ListTable>
      </ListPanel>
      {pagination && (
        <Pager
          page={pagination.page}
          pages={pagination.pages}
          total={pagination.total}
          noun="kategori"
          onPage={setPage}
        />
      )}

      {editing && <CategoryFormDialog category={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Kategoriyi Sil"
        description={deleting ? m.deleteConfirm(deleting.name) : ''}
        confirmLabel="Sil"
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting._id, {
            onSuccess: () => toast({ type: 'success', title: m.deleted }),
            onSettled: () => setDeleting(null),
          })
        }
      />
    </section>
  );
}
