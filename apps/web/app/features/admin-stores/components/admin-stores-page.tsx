import { useState } from 'react';
import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import type { AdminStore } from '@kiyasla/contracts/admin-stores';
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
import { formatDate } from '~/lib/format-date';
import { toast } from '~/lib/toast';
import { useAdminStores } from '../api/get-admin-stores';
import { useDeleteAdminStore } from '../api/delete-admin-store';
import { IMPORT_STATUS_LABELS, IMPORT_STATUS_TONE } from '../utils/import-labels';
import { StatusPill } from './status-pill';
import { StoreFormDialog } from './store-form-dialog';

/** /admin/stores: search, table, create and edit in a modal, delete with confirmation; a row opens the store's feeds. */
export function AdminStoresPage({ initialSearch = '' }: { initialSearch?: string }) {
  const { draft, setDraft, applied, page, setPage, submit } = useListFilters(initialSearch);
  const [editing, setEditing] = useState<AdminStore | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminStore | null>(null);
  const query = useAdminStores(page, applied);
  const remove = useDeleteAdminStore();

  const stores = query.data?.stores ?? [];
  const pagination = query.data?.pagination;

  return (
    <section>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-ink">Mağazalar</h1>
        <button type="button" onClick={() => setEditing('new')} className={buttonClasses('primary', 'md')}>
          <Plus aria-hidden="true" className="size-4" />
          Yeni Mağaza
        </button>
      </div>
      <FilterForm label="Mağaza araması" columns="sm:grid-cols-[1fr_auto]" onSubmit={submit} submitLabel="Ara">
        <FilterSearchField id="stores-search" placeholder="Mağaza adıyla ara" value={draft} onChange={setDraft} />
      </FilterForm>

      <ListPanel
        pending={query.isPending}
        loading="Mağazalar yükleniyor..."
        error={query.isError ? 'Mağazalar yüklenirken hata oluştu' : undefined}
        empty={stores.length === 0}
        emptyText="Mağaza bulunamadı"
      >
        <ListTable
          minWidth="min-w-[760px]"
          headings={['Mağaza', 'Durum', 'Teklifler', 'Eşleşmeyen', 'Son içe aktarım']}
          actions
        >
          {stores.map((store) => (
            <tr key={store._id} className="border-b border-line last:border-0">
              <td className="px-4 py-3">
                <Link to={`/admin/stores/${store._id}`} className="font-medium text-primary hover:underline">
                  {store.name}
                </Link>
                <div className="text-muted">{store.slug}</div>
              </td>
              <td className="px-4 py-3">
                <StatusPill tone={store.isActive ? 'ok' : 'muted'}>{store.isActive ? 'Aktif' : 'Pasif'}</StatusPill>
              </td>
              <td className="px-4 py-3 tabular-nums">
                {formatNumber(store.activeOfferCount)} / {formatNumber(store.offerCount)}
              </td>
              <td className="px-4 py-3 tabular-nums">{formatNumber(store.unmatchedCount)}</td>
              <td className="px-4 py-3">
                {store.lastImport ? (
                  <div className="flex flex-col items-start gap-1">
                    <StatusPill tone={IMPORT_STATUS_TONE[store.lastImport.status]}>
                      {IMPORT_STATUS_LABELS[store.lastImport.status]}
                    </StatusPill>
                    <span className="text-xs text-muted">{formatDate(store.lastImport.startedAt)}</span>
                  </div>
                ) : (
                  <span className="text-muted">-</span>
                )}
              </td>
              <EditDeleteCell name={store.name} onEdit={() => setEditing(store)} onDelete={() => setDeleting(store)} />
            </tr>
          ))}
        </ListTable>
      </ListPanel>
      {pagination && (
        <Pager
          page={pagination.page}
          pages={pagination.pages}
          total={pagination.total}
          noun="mağaza"
          onPage={setPage}
        />
      )}

      {editing && <StoreFormDialog store={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Mağazayı Sil"
        description={
          deleting
            ? `${deleting.name} mağazasını silmek istediğinizden emin misiniz? Teklifi olan mağaza silinemez; pasif yapılabilir.`
            : ''
        }
        confirmLabel="Sil"
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting._id, {
            onSuccess: () => toast({ type: 'success', title: 'Mağaza silindi' }),
            onSettled: () => setDeleting(null),
          })
        }
      />
    </section>
  );
}
