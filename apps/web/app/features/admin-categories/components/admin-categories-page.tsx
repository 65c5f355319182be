import { useState, type FormEvent } from 'react';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import clsx from 'clsx';
import { adminCategoryMessages as m, type AdminCategory } from '@kiyasla/contracts/admin-categories';
import { buttonClasses } from '~/components/ui/button-styles';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { inputClasses } from '~/components/ui/form-field';
import { Pager } from '~/components/ui/pager';
import { formatNumber } from '~/lib/format';
import { toast } from '~/lib/toast';
import { useAdminCategories } from '../api/get-admin-categories';
import { useDeleteAdminCategory } from '../api/delete-admin-category';
import { CategoryFormDialog } from './category-form-dialog';

/** /admin/categories: search sent to the server, table in tree order, create and edit modals, delete with confirmation. */
export function AdminCategoriesPage({ initialSearch = '' }: { initialSearch?: string }) {
  const [draft, setDraft] = useState(initialSearch);
  const [search, setSearch] = useState(initialSearch);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminCategory | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminCategory | null>(null);
  const query = useAdminCategories(page, search);
  const remove = useDeleteAdminCategory();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(draft);
    setPage(1);
  };

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
      <form
        role="search"
        aria-label="Kategori araması"
        onSubmit={submit}
        className="mt-4 grid gap-3 rounded-2xl border border-line bg-surface p-4 sm:grid-cols-[1fr_auto]"
      >
        <label className="sr-only" htmlFor="categories-search">
          Ara
        </label>
        <input
          id="categories-search"
          type="search"
          placeholder="Kategori adı veya slug ile ara"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          className={inputClasses(false)}
        />
        <button type="submit" className={buttonClasses('primary', 'md')}>
          Ara
        </button>
      </form>

      <div className="mt-4 overflow-x-auto rounded-2xl border border-line bg-surface">
        {query.isPending ? (
          <p role="status" className="p-6 text-sm text-muted">
            Kategoriler yükleniyor...
          </p>
        ) : query.isError ? (
          <p role="alert" className="p-6 text-sm text-danger">
            {m.loadError}
          </p>
        ) : categories.length === 0 ? (
          <p className="p-6 text-sm text-muted">{m.notFound}</p>
        ) : (
          <table className="w-full min-w-[720px] text-left text-sm">
            <thead className="border-b border-line text-xs text-muted uppercase">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Kategori
                </th>
                <th scope="col" className="px-4 py-3">
                  Üst kategori
                </th>
                <th scope="col" className="px-4 py-3">
                  Ürün
                </th>
                <th scope="col" className="px-4 py-3">
                  Sıra
                </th>
                <th scope="col" className="px-4 py-3">
                  Durum
                </th>
                <th scope="col" className="px-4 py-3 text-right">
                  İşlemler
                </th>
              </tr>
            </thead>
            <tbody>
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
                  <td className="px-4 py-3">
                    <div className="flex justify-end gap-1">
                      <button
                        type="button"
                        onClick={() => setEditing(category)}
                        className={buttonClasses('ghost', 'icon')}
                        aria-label={`${category.name} düzenle`}
                        title="Düzenle"
                      >
                        <Pencil aria-hidden="true" className="size-4" />
                      </button>
                      <button
                        type="button"
                        onClick={() => setDeleting(category)}
                        className={buttonClasses('ghost', 'icon', 'text-danger')}
                        aria-label={`${category.name} sil`}
                        title="Sil"
                      >
                        <Trash2 aria-hidden="true" className="size-4" />
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
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
