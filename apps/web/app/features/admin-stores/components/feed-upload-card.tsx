import { useRef, useState, type FormEvent } from 'react';
import { Upload } from 'lucide-react';
import type { FeedImport } from '@kiyasla/contracts/admin-stores';
import { buttonClasses } from '~/components/ui/button-styles';
import { FormAlert, inputClasses } from '~/components/ui/form-field';
import { errorMessage } from '~/lib/api-client';
import { useUploadStoreFeed, type FeedMode } from '../api/upload-store-feed';
import { IMPORT_STATUS_LABELS } from '../utils/import-labels';
import { ImportReport } from './import-report';

/** Uploads a feed file (JSON, CSV, XML, gzip or not) to the store and shows the import's report. */
export function FeedUploadCard({ storeId }: { storeId: string }) {
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<FeedMode | ''>('');
  const [force, setForce] = useState(false);
  const [result, setResult] = useState<FeedImport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadStoreFeed();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setFailure('Yüklenecek akış dosyasını seçin');
      return;
    }
    setFailure(null);
    setResult(null);
    upload.mutate(
      { storeId, file, mode, force },
      {
        onSuccess: (entry) => {
          setResult(entry);
          setFile(null);
          setForce(false);
          if (input.current) input.current.value = '';
        },
        onError: (error) => setFailure(errorMessage(error)),
      },
    );
  };

  return (
    <div className="rounded-2xl border border-line bg-surface p-5">
      <h2 className="font-semibold text-ink">Ürün Akışı Yükle</h2>
      <p className="mt-1 text-sm text-muted">
        JSON, CSV veya XML (gzip sıkıştırılmış olabilir). Tam akışta dosyada olmayan teklifler pasifleşir.
      </p>
      <form onSubmit={submit} className="mt-4 grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <div>
          <label htmlFor="feed-file" className="mb-1 block text-sm font-medium text-ink">
            Akış dosyası
          </label>
          <input
            ref={input}
            id="feed-file"
            type="file"
            accept=".json,.csv,.xml,.rss,.gz,application/json,text/csv,application/xml,text/xml"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            className="block w-full text-sm text-ink file:mr-3 file:rounded-lg file:border-0 file:bg-surface-2 file:px-3 file:py-2 file:text-sm file:font-medium file:text-ink"
          />
        </div>
        <div>
          <label htmlFor="feed-mode" className="mb-1 block text-sm font-medium text-ink">
            Mod
          </label>
          <select
            id="feed-mode"
            value={mode}
            onChange={(e) => setMode(e.target.value as FeedMode | '')}
            className={inputClasses(false)}
          >
            <option value="">Dosyadaki (varsayılan: tam)</option>
            <option value="full">Tam akış</option>
            <option value="partial">Kısmi akış</option>
          </select>
        </div>
        <button type="submit" disabled={upload.isPending} className={buttonClasses('primary', 'md')}>
          <Upload aria-hidden="true" className="size-4" />
          {upload.isPending ? 'Yükleniyor...' : 'Yükle'}
        </button>
        <label className="flex items-center gap-2 text-sm text-ink sm:col-span-3">
          <input
            type="checkbox"
            checked={force}
            onChange={(e) => setForce(e.target.checked)}
            className="size-4 accent-[var(--k-primary)]"
          />
          Zorla: tekliflerin yarısından fazlası pasifleşecek olsa da uygula
        </label>
      </form>
      {failure && (
        <FormAlert className="mt-4" title="Akış içe aktarılamadı">
          {failure}
        </FormAlert>
      )}
      {result && (
        <div className="mt-4 space-y-3">
          <FormAlert tone={result.status === 'succeeded' ? 'success' : 'info'} title="İçe aktarım raporu">
            Durum: {IMPORT_STATUS_LABELS[result.status]}
            {result.errorMessage ? ` — ${result.errorMessage}` : ''}
          </FormAlert>
          {result.report && <ImportReport report={result.report} />}
        </div>
      )}
    </div>
  );
}
