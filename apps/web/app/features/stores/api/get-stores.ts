import type { Store } from '@kiyasla/contracts/catalog';
import { apiGet, type ApiRequestInit } from '~/lib/api-client';

/** `GET /stores`: the active stores whose prices the site compares. */
export function getStores(init?: ApiRequestInit): Promise<Store[]> {
  return apiGet<Store[]>('/stores', init);
}
