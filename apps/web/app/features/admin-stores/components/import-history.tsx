import { useState } from 'react';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { Pager } from '~/components/ui/pager';
import { formatNumber } from '~/lib/format';
import { formatRelativeTime } from '~/lib/format-date';
import { useStoreImports } from '../api/get-store-imports';
import { IMPORT_SOURCE_LABELS, IMPORT_STATUS_LABELS, IMPORT_STATUS_TONE } from '../utils/import-labels';
import { ImportReport } from './import-report';
import { StatusPill } from './status-pill';

const dateTime = new Intl.DateTimeFormat('tr-TR', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/Istanbul',
});

/** The store's import history, newest first; each entry opens its report. */
export function ImportHistory({ storeId }: { storeId: string }) {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const query = useStoreImports(storeId, page);
  const imports = query.data?.imports ?? [];

  return (
    <div className="rounded-2xl border border-line bg-surface p-5">
      <h2 className="font-semibold text-ink">İçe Aktarım Geçmişi</h2>
      {query.isPending ? (
        <p role="status" className="mt-3 text-sm text-muted">
          İçe aktarım geçmişi yükleniyor...
        </p>
      ) : query.isError ? (
        <p role="alert" className="mt-3 text-sm text-danger">
          İçe aktarım geçmişi yüklenirken hata oluştu
        </p>
      ) : imports.length === 0 ? (
        <p className="mt-3 text-sm text-muted">Henüz içe aktarım yok</p>
      ) : (
        <ul className="mt-3 divide-y divide-line">
          {imports.map((entry) => {
            const expanded = open === entry._id;
            return (
              <li key={entry._id} className="py-2">
                <button
                  type="button"
                  onClick={() => setOpen(expanded ? null : entry._id)}
                  aria-expanded={expanded}
                  className="flex w-full flex-wrap items-center gap-x-3 gap-y-1 rounded-lg px-1 py-1 text-left text-sm hover:bg-surface-2"
                >
                  {expanded ? (
                    <ChevronDown aria-hidden="true" className="size-4 text-muted" />
                  ) : (
                    <ChevronRight aria-hidden="true" className="size-4 text-muted" />
                  )}
                  <StatusPill tone={IMPORT_STATUS_TONE[entry.status]}>{IMPORT_STATUS_LABELS[entry.status]}</StatusPill>
                  <span className="text-ink" title={dateTime.format(new Date(entry.startedAt))}>
                    {dateTime.format(new Date(entry.startedAt))}
                  </span>
                  <span className="text-muted">{IMPORT_SOURCE_LABELS[entry.source]}</span>
                  {entry.report && (
                    <span className="text-muted sm:ml-auto">
                      {formatNumber(entry.report.received)} kalem · {formatNumber(entry.report.priceChanges)} fiyat
                      değişimi
                    </span>
                  )}
                </button>
                {expanded && (
                  <div className="mt-2 pl-6">
                    {entry.errorMessage && <p className="mb-2 text-sm text-danger">{entry.errorMessage}</p>}
                    {entry.report ? (
                      <ImportReport report={entry.report} />
                    ) : (
                      <p className="text-sm text-muted">Rapor yok ({formatRelativeTime(entry.startedAt)} başladı)</p>
                    )}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {query.data && (
        <Pager
          page={query.data.pagination.page}
          pages={query.data.pagination.pages}
          total={query.data.pagination.total}
          noun="içe aktarım"
          onPage={setPage}
        />
      )}
    </div>
  );
}
