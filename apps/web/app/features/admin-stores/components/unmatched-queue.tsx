import { useState } from 'react';
import type { FeedUnmatchedItem } from '@kiyasla/contracts/admin-stores';
import { buttonClasses } from '~/components/ui/button-styles';
import { Pager } from '~/components/ui/pager';
import { formatNumber, formatPrice } from '~/lib/format';
import { formatDate } from '~/lib/format-date';
import { useStoreUnmatched } from '../api/get-store-unmatched';
import { CreateProductFromItem, type ProductCreateDialog } from './create-product-from-item';
import { MatchItemDialog } from './match-item-dialog';
import { StatusPill } from './status-pill';

/** Feed items no product matched: unresolved first; each can be mapped to a catalog product. */
export function UnmatchedQueue({
  storeId,
  productDialog,
}: {
  storeId: string;
  /** The product create modal; without it the queue offers mapping only. */
  productDialog?: ProductCreateDialog;
}) {
  const [page, setPage] = useState(1);
  const [matching, setMatching] = useState<FeedUnmatchedItem | null>(null);
  const [creating, setCreating] = useState<FeedUnmatchedItem | null>(null);
  const query = useStoreUnmatched(storeId, page);
  const items = query.data?.items ?? [];

  return (
    <div className="rounded-2xl border border-line bg-surface p-5">
      <h2 className="font-semibold text-ink">Eşleşmeyen Ürünler</h2>
      <p className="mt-1 text-sm text-muted">
        Akıştaki bu kalemler hiçbir ürünle eşleşmedi. Eşleştirilen kalemin teklifi sonraki içe aktarımda oluşur.
      </p>
      <div className="mt-3 overflow-x-auto">
        {query.isPending ? (
          <p role="status" className="text-sm text-muted">
            Eşleşmeyen ürünler yükleniyor...
          </p>
        ) : query.isError ? (
          <p role="alert" className="text-sm text-danger">
            Eşleşmeyen ürünler yüklenirken hata oluştu
          </p>
        ) : items.length === 0 ? (
          <p className="text-sm text-muted">Eşleşmeyen ürün yok</p>
        ) : (
          <table className="w-full min-w-[640px] text-left text-sm">
            <thead className="border-b border-line text-xs text-muted uppercase">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  Kalem
                </th>
                <th scope="col" className="py-2 pr-3">
                  Fiyat
                </th>
                <th scope="col" className="py-2 pr-3">
                  Son görülme
                </th>
                <th scope="col" className="py-2 text-right">
                  İşlem
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item._id} className="border-b border-line last:border-0">
                  <td className="py-2 pr-3">
                    <div className="font-medium text-ink">{item.title ?? [item.brand, item.model].join(' ')}</div>
                    <div className="text-xs text-muted">
                      {[item.sku, item.brand, item.model, item.gtin && `GTIN ${item.gtin}`].filter(Boolean).join(' · ')}
                    </div>
                  </td>
                  <td className="py-2 pr-3 tabular-nums">{item.price === null ? '-' : formatPrice(item.price)}</td>
                  <td className="py-2 pr-3 whitespace-nowrap">
                    {formatDate(item.lastSeenAt)}
                    <div className="text-xs text-muted">{formatNumber(item.timesSeen)} kez</div>
                  </td>
                  <td className="py-2 text-right">
                    {item.resolvedProductId ? (
                      <StatusPill tone="ok">Eşleştirildi</StatusPill>
                    ) : (
                      <div className="flex flex-wrap justify-end gap-2">
                        <button
                          type="button"
                          onClick={() => setMatching(item)}
                          className={buttonClasses('outline', 'sm')}
                        >
                          Ürünle eşleştir
                        </button>
                        {productDialog && (
                          <button
                            type="button"
                            onClick={() => setCreating(item)}
                            className={buttonClasses('outline', 'sm')}
                          >
                            Ürün oluştur
                          </button>
                        )}
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      {query.data && (
        <Pager
          page={query.data.pagination.page}
          pages={query.data.pagination.pages}
          total={query.data.pagination.total}
          noun="kalem"
          onPage={setPage}
        />
      )}
      {matching && <MatchItemDialog storeId={storeId} item={matching} onClose={() => setMatching(null)} />}
      {creating && productDialog && (
        <CreateProductFromItem
          storeId={storeId}
          item={creating}
          Dialog={productDialog}
          onClose={() => setCreating(null)}
        />
      )}
    </div>
  );
}
