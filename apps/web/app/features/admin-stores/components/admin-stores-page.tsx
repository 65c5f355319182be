import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import type { AdminStore } from '@kiyasla/contracts/admin-stores';
import { buttonClasses } from '~/components/ui/button-styles';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { inputClasses } from '~/components/ui/form-field';
import { Pager } from '~/components/ui/pager';
import { formatDate, formatNumber } from '~/lib/format';
import { toast } from '~/lib/toast';
import { useAdminStores } from '../api/get-admin-stores';
import { useDeleteAdminStore } from '../api/delete-admin-store';
import { IMPORT_STATUS_LABELS, IMPORT_STATUS_TONE } from '../utils/import-labels';
import { StatusPill } from './status-pill';
import { StoreFormDialog } from './store-form-dialog';

/** /admin/stores: search, table, create and edit in a modal, delete with confirmation; a row opens the store's feeds. */
export function AdminStoresPage({ initialSearch = '' }: { initialSearch?: string }) {
  const [draft, setDraft] = useState(initialSearch);
  const [q, setQ] = useState(initialSearch);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminStore | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminStore | null>(null);
  const query = useAdminStores(page, q);
  const remove = useDeleteAdminStore();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQ(draft);
    setPage(1);
  };

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
      <form
        role="search"
        aria-label="Mağaza araması"
        onSubmit={submit}
        className="mt-4 grid gap-3 rounded-2xl border border-line bg-surface p-4 sm:grid-cols-[1fr_auto]"
      >
        <label className="sr-only" htmlFor="stores-search">
          Ara
        </label>
        <input
          id="stores-search"
          type="search"
          placeholder="Mağaza adıyla ara"
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
            Mağazalar yükleniyor...
          </p>
        ) : query.isError ? (
          <p role="alert" className="p-6 text-sm text-danger">
            Mağazalar yüklenirken hata oluştu
          </p>
        ) : stores.length === 0 ? (
          <p className="p-6 text-sm text-muted">Mağaza bulunamadı</p>
        ) : (
          <table className="w-full min-w-[760px] text-left text-sm">
            <thead className="border-b border-line text-xs text-muted uppercase">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Mağaza
                </th>
                <th scope="col" className="px-4 py-3">
                  Durum
                </th>
                <th scope="col" className="px-4 py-3">
                  Teklifler
                </th>
                <th scope="col" className="px-4 py-3">
                  Eşleşmeyen
                </th>
                <th scope="col" className="px-4 py-3">
                  Son içe aktarım
                </th>
                <th scope="col" className="px-4 py-3 text-right">
                  İşlemler
                </th>
              </tr>
            </thead>
            <tbody>
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
                  <td className="px-4 py-3">
                    <div className="flex justify-end gap-1">
                      <button
                        type="button"
                        onClick={() => setEditing(store)}
                        className={buttonClasses('ghost', 'icon')}
                        aria-label={`${store.name} düzenle`}
                        title="Düzenle"
                      >
                        <Pencil aria-hidden="true" className="size-4" />
                      </button>
                      <button
                        type="button"
                        onClick={() => setDeleting(store)}
                        className={buttonClasses('ghost', 'icon', 'text-danger')}
                        aria-label={`${store.name} sil`}
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
