import type { ProductDetail } from '@kiyasla/contracts/catalog';
import { apiGet, type ApiRequestInit } from '~/lib/api-client';

/** `GET /products/{id}`: the detail with every store offer (`prices`). 404 → 'Ürün bulunamadı'. */
export function getProduct(id: string, init?: ApiRequestInit): Promise<ProductDetail> {
  return apiGet<ProductDetail>(`/products/${encodeURIComponent(id)}`, init);
}
