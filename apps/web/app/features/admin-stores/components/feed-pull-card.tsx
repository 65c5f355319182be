import { useState } from 'react';
import { RefreshCw } from 'lucide-react';
import type { FeedImport } from '@kiyasla/contracts/admin-stores';
import { buttonClasses } from '~/components/ui/button-styles';
import { FormAlert } from '~/components/ui/form-field';
import { errorMessage } from '~/lib/api-client';
import { usePullStoreFeed } from '../api/pull-store-feed';
import { IMPORT_STATUS_LABELS } from '../utils/import-labels';
import { ImportReport } from './import-report';

/**
 * "Şimdi çek": the store's scheduled pull without waiting for its time. The server runs it under
 * the store's feed lease, so it never overlaps the scheduler, an upload or another pull (409).
 */
export function FeedPullCard({ storeId, feedUrl }: { storeId: string; feedUrl: string | null }) {
  const [result, setResult] = useState<FeedImport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const pull = usePullStoreFeed();

  const start = () => {
    setFailure(null);
    setResult(null);
    pull.mutate(storeId, { onSuccess: setResult, onError: (error) => setFailure(errorMessage(error)) });
  };

  return (
    <div className="rounded-2xl border border-line bg-surface p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="font-semibold text-ink">Akışı Şimdi Çek</h2>
          <p className="mt-1 text-sm text-muted">
            {feedUrl
              ? 'Akış adresindeki dosyayı zamanını beklemeden indirir ve içe aktarır.'
              : 'Bu mağazanın akış adresi yok; çekmek için önce mağazayı düzenleyip bir adres girin.'}
          </p>
        </div>
        <button
          type="button"
          onClick={start}
          disabled={!feedUrl || pull.isPending}
          className={buttonClasses('outline', 'md')}
        >
          <RefreshCw aria-hidden="true" className={`size-4 ${pull.isPending ? 'animate-spin' : ''}`} />
          {pull.isPending ? 'Çekiliyor...' : 'Şimdi çek'}
        </button>
      </div>
      {failure && (
        <FormAlert className="mt-4" title="Akış çekilemedi">
          {failure}
        </FormAlert>
      )}
      {result && (
        <div className="mt-4 space-y-3">
          <FormAlert tone={result.status === 'succeeded' ? 'success' : 'info'} title="Çekim raporu">
            Durum: {IMPORT_STATUS_LABELS[result.status]}
            {result.errorMessage ? ` — ${result.errorMessage}` : ''}
          </FormAlert>
          {result.report && <ImportReport report={result.report} />}
        </div>
      )}
    </div>
  );
}
