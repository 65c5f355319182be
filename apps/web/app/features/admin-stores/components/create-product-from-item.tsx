import type { ComponentType } from 'react';
import type { FeedUnmatchedItem } from '@kiyasla/contracts/admin-stores';
import { errorMessage } from '~/lib/api-client';
import { toast } from '~/lib/toast';
import { useMatchUnmatchedItem } from '../api/match-unmatched-item';

/**
 * The product create modal, handed in by the route (it belongs to the products feature): filled
 * from `prefill`, it calls `onSaved` with the new product.
 */
export type ProductCreateDialog = ComponentType<{
  prefill: { name: string; brand: string | null; model: string | null; gtin: string | null };
  onSaved: (product: { _id: string; name: string }) => void;
  onClose: () => void;
}>;

/** What the feed item says about its product, as the start of a new catalog product. */
export function prefillOf(item: FeedUnmatchedItem) {
  const name = item.title?.trim() || [item.brand, item.model].filter(Boolean).join(' ') || item.sku;
  return { name, brand: item.brand, model: item.model, gtin: item.gtin };
}

/**
 * "Ürün oluştur" of the unmatched queue: the product modal prefilled from the item; once the
 * product exists, the item is mapped to it (its offer, with the item's price, comes with the next import).
 */
export function CreateProductFromItem({
  storeId,
  item,
  Dialog,
  onClose,
}: {
  storeId: string;
  item: FeedUnmatchedItem;
  Dialog: ProductCreateDialog;
  onClose: () => void;
}) {
  const match = useMatchUnmatchedItem();
  const mapTo = (product: { _id: string; name: string }) =>
    match.mutate(
      { storeId, itemId: item._id, productId: product._id },
      {
        onSuccess: ({ message }) => toast({ type: 'success', title: message ?? 'Ürün eşleştirildi' }),
        onError: (error) => toast({ type: 'error', title: 'Eşleştirilemedi', message: errorMessage(error) }),
      },
    );
  return <Dialog prefill={prefillOf(item)} onSaved={mapTo} onClose={onClose} />;
}
