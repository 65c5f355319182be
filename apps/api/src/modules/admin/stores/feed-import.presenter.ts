import type { FeedImport } from '@kiyasla/contracts/admin-stores';
import type { FeedImportListRow } from './admin-stores.repo';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** One entry of a store's import history as the admin API shows it. */
export function presentImport(row: FeedImportListRow): FeedImport {
  return {
    _id: row.id,
    source: row.source,
    format: row.format,
    mode: row.mode,
    status: row.status,
    forced: row.forced,
    startedAt: row.startedAt.toISOString(),
    finishedAt: iso(row.finishedAt),
    report: row.report,
    errorCode: row.errorCode,
    errorMessage: row.errorMessage,
    userId: row.userId,
  };
}
