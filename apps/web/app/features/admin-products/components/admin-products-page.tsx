import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Plus } from 'lucide-react';
import clsx from 'clsx';
import { adminProductMessages as m, availabilityLabel, type AdminProduct } from '@kiyasla/contracts/admin-products';
import { buttonClasses } from '~/components/ui/button-styles';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import {
  EditDeleteCell,
  FilterForm,
  FilterSearchField,
  FilterSelectField,
  ListPanel,
  ListTable,
  useListFilters,
} from '~/components/ui/list-filters';
import { Pager } from '~/components/ui/pager';
import { formatPrice } from '~/lib/format';
import { toast } from '~/lib/toast';
import { EMPTY_PRODUCT_FILTERS, useAdminProducts, type AdminProductFilters } from '../api/get-admin-products';
import { useCategoryOptions } from '../api/get-category-options';
import { useDeleteAdminProduct } from '../api/delete-admin-product';
import { truncate } from '../utils/truncate';
import { ProductFormDialog } from './product-form-dialog';

const ACTIVE_OPTIONS = [
  { value: 'true', label: 'Aktif' },
  { value: 'false', label: 'Pasif' },
] as const;

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
  const { draft, edit, applied, page, setPage, submit } = useListFilters<AdminProductFilters>({
    ...EMPTY_PRODUCT_FILTERS,
    search: initialSearch,
  });
  const [editing, setEditing] = useState<AdminProduct | 'new' | null>(() => (params.get('new') ? 'new' : null));
  const [deleting, setDeleting] = useState<AdminProduct | null>(null);
  const query = useAdminProducts(page, applied);
  const categories = useCategoryOptions();
  const remove = useDeleteAdminProduct();

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
      <FilterForm label="Ürün süzgeçleri" columns="sm:grid-cols-[1fr_auto_auto_auto]" onSubmit={submit}>
        <FilterSearchField
          id="products-search"
          placeholder="Ürün adı, marka veya model ile ara"
          value={draft.search}
          onChange={(search) => edit({ search })}
        />
        <FilterSelectField
          id="products-category"
          label="Kategori"
          value={draft.category}
          onChange={(category) => edit({ category })}
          allLabel="Tüm kategoriler"
          options={(categories.data ?? []).map((c) => ({
            value: c._id,
            label: c.parent ? `${c.parent.name} › ${c.name}` : c.name,
          }))}
        />
        <FilterSelectField
          id="products-active"
          label="Durum"
          value={draft.isActive}
          onChange={(isActive) => edit({ isActive })}
          allLabel="Tüm durumlar"
          options={ACTIVE_OPTIONS}
        />
      </FilterForm>

      <ListPanel
        pending={query.isPending}
        loading="Ürünler yükleniyor..."
        error={query.isError ? m.loadError : undefined}
        empty={products.length === 0}
        emptyText={m.notFound}
      >
        <ListTable minWidth="min-w-[860px]" headings={['Ürün', 'Kategori', 'En düşük fiyat', 'Stok', 'Durum']} actions>
          {products.map((product) => (
            <tr key={product._id} className="border-b border-line align-top last:border-0">
              <td className="px-4 py-3">
                <div className="font-medium text-ink">{product.name}</div>
                <div className="text-xs text-muted">{[product.brand, product.model].filter(Boolean).join(' · ')}</div>
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
              <EditDeleteCell
                name={product.name}
                onEdit={() => setEditing(product)}
                onDelete={() => setDeleting(product)}
              />
            </tr>
          ))}
        </ListTable>
      </ListPanel>
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
