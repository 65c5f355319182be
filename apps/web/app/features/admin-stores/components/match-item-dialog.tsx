import { useState } from 'react';
import type { FeedUnmatchedItem } from '@kiyasla/contracts/admin-stores';
import { buttonClasses } from '~/components/ui/button-styles';
import { Dialog } from '~/components/ui/dialog';
import { FormAlert, inputClasses } from '~/components/ui/form-field';
import { errorMessage } from '~/lib/api-client';
import { toast } from '~/lib/toast';
import { useCatalogSearch } from '../api/search-catalog';
import { useMatchUnmatchedItem } from '../api/match-unmatched-item';

/** Searches the catalog for the item's product and maps the item to the one picked. */
export function MatchItemDialog({
  storeId,
  item,
  onClose,
}: {
  storeId: string;
  item: FeedUnmatchedItem;
  onClose: () => void;
}) {
  const [q, setQ] = useState(() => [item.brand, item.model].filter(Boolean).join(' ') || item.title || '');
  const [failure, setFailure] = useState<string | null>(null);
  const results = useCatalogSearch(q);
  const match = useMatchUnmatchedItem();

  const pick = (productId: string) => {
    setFailure(null);
    match.mutate(
      { storeId, itemId: item._id, productId },
      {
        onSuccess: ({ message }) => {
          toast({ type: 'success', title: message ?? 'Ürün eşleştirildi' });
          onClose();
        },
        onError: (error) => setFailure(errorMessage(error)),
      },
    );
  };

  return (
    <Dialog
      open
      size="md"
      onOpenChange={(open) => !open && onClose()}
      title="Ürünle Eşleştir"
      description={`${item.title ?? item.sku} · stok kodu ${item.sku}`}
    >
      <div className="mt-4 space-y-3">
        {failure && <FormAlert title="Eşleştirilemedi">{failure}</FormAlert>}
        <label htmlFor="match-search" className="block text-sm font-medium text-ink">
          Katalogda ara
        </label>
        <input
          id="match-search"
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder="Marka, model veya ürün adı"
          className={inputClasses(false)}
        />
        {q.trim().length < 2 ? (
          <p className="text-sm text-muted">Aramak için en az 2 karakter yazın</p>
        ) : results.isPending ? (
          <p role="status" className="text-sm text-muted">
            Aranıyor...
          </p>
        ) : results.isError ? (
          <p role="alert" className="text-sm text-danger">
            Arama yapılamadı
          </p>
        ) : results.data.length === 0 ? (
          <p className="text-sm text-muted">Sonuç Bulunamadı</p>
        ) : (
          <ul className="divide-y divide-line rounded-xl border border-line" aria-label="Arama sonuçları">
            {results.data.map((product) => (
              <li key={product._id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                <div className="min-w-0">
                  <p className="truncate font-medium text-ink">{product.name}</p>
                  <p className="truncate text-xs text-muted">
                    {[product.brand, product.model, product.category?.name].filter(Boolean).join(' · ')}
                  </p>
                </div>
                <button
                  type="button"
                  disabled={match.isPending}
                  onClick={() => pick(product._id)}
                  className={buttonClasses('outline', 'sm')}
                  aria-label={`${product.name} ile eşleştir`}
                >
                  Eşleştir
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  );
}
