import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FeedImport } from '@kiyasla/contracts/admin-stores';
import type { FEED_MODES } from '@kiyasla/contracts/feeds';
import { apiRequest } from '~/lib/api-client';
import { adminStoresKey } from './admin-stores-keys';

export type FeedMode = (typeof FEED_MODES)[number];

/** The media type the upload declares, from the file's name when the browser gives none. */
export function feedContentType(file: File): string {
  const name = file.name.toLowerCase().replace(/\.gz$/, '');
  if (name.endsWith('.json')) return 'application/json';
  if (name.endsWith('.csv')) return 'text/csv';
  if (name.endsWith('.xml') || name.endsWith('.rss')) return 'application/xml';
  if (file.type && file.type !== 'application/octet-stream' && file.type !== 'application/gzip') return file.type;
  return 'text/plain';
}

export interface FeedUploadInput {
  storeId: string;
  file: File;
  mode: FeedMode | '';
  force: boolean;
}

/** POST /admin/stores/{id}/feed: the file as the body (gzip kept packed), answered with the import's report. */
export async function uploadStoreFeed({ storeId, file, mode, force }: FeedUploadInput): Promise<FeedImport> {
  const params = new URLSearchParams();
  if (mode) params.set('mode', mode);
  if (force) params.set('force', 'true');
  const headers: Record<string, string> = { 'Content-Type': feedContentType(file) };
  if (/\.gz$/i.test(file.name)) headers['Content-Encoding'] = 'gzip';
  const query = params.size > 0 ? `?${params.toString()}` : '';
  const { data } = await apiRequest<FeedImport>(`/admin/stores/${storeId}/feed${query}`, {
    method: 'POST',
    headers,
    file,
  });
  return data;
}

export function useUploadStoreFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadStoreFeed,
    // The upload card shows the refusal itself.
    meta: { errorToast: false },
    // A refused file changes nothing but is in the history too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminStoresKey }),
  });
}
