import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import clsx from 'clsx';
import { adminProductMessages as m, availabilityLabel, type AdminProduct } from '@kiyasla/contracts/admin-products';
import { buttonClasses } from '~/components/ui/button-styles';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { inputClasses } from '~/components/ui/form-field';
import { Pager } from '~/components/ui/pager';
import { formatPrice } from '~/lib/format';
import { toast } from '~/lib/toast';
import { EMPTY_PRODUCT_FILTERS, useAdminProducts, type AdminProductFilters } from '../api/get-admin-products';
import { useCategoryOptions } from '../api/get-category-options';
import { useDeleteAdminProduct } from '../api/delete-admin-product';
import { truncate } from '../utils/truncate';
import { ProductFormDialog } from './product-form-dialog';

function Badge({ on, children }: { on: boolean; children: string }) {
  return (
    <span
      className={clsx(
        'inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        on ? 'bg-success/15 text-success' : 'bg-surface-2 text-muted',
      )}
    >
      {children}
    </span>
  );
}

/**
 * /admin/products: filters applied on submit (page back to 1), table with descriptions cut to 50
 * characters, create and edit modals, delete with confirmation. `?new=1` opens the create modal
 * (the dashboard's quick action).
 */
export function AdminProductsPage({ initialSearch = '' }: { initialSearch?: string }) {
  const [params, setParams] = useSearchParams();
  const [draft, setDraft] = useState<AdminProductFilters>({ ...EMPTY_PRODUCT_FILTERS, search: initialSearch });
  const [filters, setFilters] = useState<AdminProductFilters>({ ...EMPTY_PRODUCT_FILTERS, search: initialSearch });
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminProduct | 'new' | null>(() => (params.get('new') ? 'new' : null));
  const [deleting, setDeleting] = useState<AdminProduct | null>(null);
  const query = useAdminProducts(page, filters);
  const categories = useCategoryOptions();
  const remove = useDeleteAdminProduct();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
    setPage(1);
  };

  const closeForm = () => {
    setEditing(null);
    if (params.has('new')) setParams({}, { replace: true });
  };

  const products = query.data?.products ?? [];
  const pagination = query.data?.pagination;

  return (
    <section>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-ink">Ürünler</h1>
        <button type="button" onClick={() => setEditing('new')} className={buttonClasses('primary', 'md')}>
          <Plus aria-hidden="true" className="size-4" />
          Yeni Ürün
        </button>
      </div>
      <form
        role="search"
        aria-label="Ürün süzgeçleri"
        onSubmit={submit}
        className="mt-4 grid gap-3 rounded-2xl border border-line bg-surface p-4 sm:grid-cols-[1fr_auto_auto_auto]"
      >
        <label className="sr-only" htmlFor="products-search">
          Ara
        </label>
        <input
          id="products-search"
          type="search"
          placeholder="Ürün adı, marka veya model ile ara"
          value={draft.search}
          onChange={(e) => setDraft({ ...draft, search: e.target.value })}
          className={inputClasses(false)}
        />
        <label className="sr-only" htmlFor="products-category">
          Kategori
        </label>
        <select
          id="products-category"
          value={draft.category}
          onChange={(e) => setDraft({ ...draft, category: e.target.value })}
          className={inputClasses(false)}
        >
          <option value="">Tüm kategoriler</option>
          {(categories.data ?? []).map((c) => (
            <option key={c._id} value={c._id}>
              {c.parent ? `${c.parent.name} › ${c.name}` : c.name}
            </option>
          ))}
        </select>
        <label className="sr-only" htmlFor="products-active">
          Durum
        </label>
        <select
          id="products-active"
          value={draft.isActive}
          onChange={(e) => setDraft({ ...draft, isActive: e.target.value as AdminProductFilters['isActive'] })}
          className={inputClasses(false)}
        >
          <option value="">Tüm durumlar</option>
          <option value="true">Aktif</option>
          <option value="false">Pasif</option>
        </select>
        <button type="submit" className={buttonClasses('primary', 'md')}>
          Filtrele
        </button>
      </form>

      <div className="mt-4 overflow-x-auto rounded-2xl border border-line bg-surface">
        {query.isPending ? (
          <p role="status" className="p-6 text-sm text-muted">
            Ürünler yükleniyor...
          </p>
        ) : query.isError ? (
          <p role="alert" className="p-6 text-sm text-danger">
            {m.loadError}
          </p>
        ) : products.length === 0 ? (
          <p className="p-6 text-sm text-muted">{m.notFound}</p>
        ) : (
          <table className="w-full min-w-[860px] text-left text-sm">
            <thead className="border-b border-line text-xs text-muted uppercase">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Ürün
                </th>
                <th scope="col" className="px-4 py-3">
                  Kategori
                </th>
                <th scope="col" className="px-4 py-3">
                  En düşük fiyat
                </th>
                <th scope="col" className="px-4 py-3">
                  Stok
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
              {products.map((product) => (
                <tr key={product._id} className="border-b border-line align-top last:border-0">
                  <td className="px-4 py-3">
                    <div className="font-medium text-ink">{product.name}</div>
                    <div className="text-xs text-muted">
                      {[product.brand, product.model].filter(Boolean).join(' · ')}
                    </div>
                    {product.description && (
                      <div className="mt-0.5 text-xs text-muted" title={product.description}>
                        {truncate(product.description)}
                      </div>
                    )}
                  </td>
                  <td className="px-4 py-3">
                    {product.category.name}
                    {product.subcategory && <div className="text-xs text-muted">{product.subcategory.name}</div>}
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap tabular-nums">
                    {product.lowestPrice !== null ? formatPrice(product.lowestPrice) : '-'}
                    <div className="text-xs text-muted">{product.offerCount} teklif</div>
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap">{availabilityLabel(product.availability)}</td>
                  <td className="px-4 py-3">
                    <div className="flex flex-col items-start gap-1">
                      <Badge on={product.isActive}>{product.isActive ? 'Aktif' : 'Pasif'}</Badge>
                      {product.isFeatured && <Badge on>Öne çıkan</Badge>}
                    </div>
                  </td>
                  <td className="px-4 py-3">
                    <div className="flex justify-end gap-1">
                      <button
                        type="button"
                        onClick={() => setEditing(product)}
                        className={buttonClasses('ghost', 'icon')}
                        aria-label={`${product.name} düzenle`}
                        title="Düzenle"
                      >
                        <Pencil aria-hidden="true" className="size-4" />
                      </button>
                      <button
                        type="button"
                        onClick={() => setDeleting(product)}
                        className={buttonClasses('ghost', 'icon', 'text-danger')}
                        aria-label={`${product.name} sil`}
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
        <Pager page={pagination.page} pages={pagination.pages} total={pagination.total} noun="ürün" onPage={setPage} />
      )}

      {editing && <ProductFormDialog product={editing === 'new' ? null : editing} onClose={closeForm} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Ürünü Sil"
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
