import {
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITY_LABELS,
  auditMessages,
  type AuditEntry,
} from '@kiyasla/contracts/admin-audit';
import { ROLE_LABELS } from '@kiyasla/contracts/admin-users';
import { inputClasses } from '~/components/ui/form-field';
import { FilterForm, ListPanel, ListTable, useListFilters } from '~/components/ui/list-filters';
import { Pager } from '~/components/ui/pager';
import { errorMessage } from '~/lib/api-client';
import { formatDateTime } from '../utils/format-date-time';
import { EMPTY_AUDIT_FILTERS, useAuditLog, type AuditFilters } from '../api/get-audit-log';

const label = <T extends Record<string, string>>(labels: T, key: string) =>
  (labels as Record<string, string>)[key] ?? key;

/** The fields that differ between before and after, as "field: old → new". */
function changes(entry: AuditEntry): { field: string; before: string; after: string }[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const show = (value: unknown) =>
    value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);
  return keys
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => ({ field: key, before: show(before[key]), after: show(after[key]) }));
}

function EntryChanges({ entry }: { entry: AuditEntry }) {
  const rows = changes(entry);
  return (
    <details className="text-xs">
      <summary className="cursor-pointer text-primary">
        {rows.length} alan{entry.before === null ? ' (yeni kayıt)' : entry.after === null ? ' (silinen kayıt)' : ''}
      </summary>
      <dl className="mt-2 space-y-1 break-all">
        {rows.map((row) => (
          <div key={row.field}>
            <dt className="font-medium text-ink">{row.field}</dt>
            <dd className="text-muted">
              {row.before} → {row.after}
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

/** /admin/audit-log: every admin write, filterable, 10 per page. */
export function AuditLogPage() {
  const { draft, edit, applied, page, setPage, submit, reset } = useListFilters<AuditFilters>(EMPTY_AUDIT_FILTERS);
  const query = useAuditLog(page, applied);
  const field = (key: keyof AuditFilters) => ({
    value: draft[key],
    onChange: (e: { target: { value: string } }) => edit({ [key]: e.target.value }),
  });

  const entries = query.data?.entries ?? [];
  const pagination = query.data?.pagination;

  return (
    <section>
      <h1 className="text-2xl font-semibold text-ink">Denetim Kaydı</h1>
      <p className="mt-1 text-sm text-muted">Yönetim panelinde yapılan her değişiklik: kim, ne zaman, ne değişti.</p>
      <FilterForm
        label="Denetim kaydı süzgeçleri"
        columns="sm:grid-cols-2 lg:grid-cols-3"
        onSubmit={submit}
        onReset={reset}
        actionsClassName="flex items-end gap-2"
      >
        <label className="text-sm text-ink">
          İşlemi yapan
          <input
            type="search"
            placeholder="E-posta veya kimlik"
            className={inputClasses(false, 'mt-1')}
            {...field('actor')}
          />
        </label>
        <label className="text-sm text-ink">
          İşlem
          <select className={inputClasses(false, 'mt-1')} {...field('action')}>
            <option value="">Tüm işlemler</option>
            {Object.entries(AUDIT_ACTION_LABELS).map(([value, text]) => (
              <option key={value} value={value}>
                {text}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm text-ink">
          Kayıt türü
          <select className={inputClasses(false, 'mt-1')} {...field('entityType')}>
            <option value="">Tüm kayıtlar</option>
            {Object.entries(AUDIT_ENTITY_LABELS).map(([value, text]) => (
              <option key={value} value={value}>
                {text}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm text-ink">
          Başlangıç
          <input type="date" className={inputClasses(false, 'mt-1')} {...field('from')} />
        </label>
        <label className="text-sm text-ink">
          Bitiş
          <input type="date" className={inputClasses(false, 'mt-1')} {...field('to')} />
        </label>
      </FilterForm>

      <ListPanel
        pending={query.isPending}
        loading="Denetim kaydı yükleniyor..."
        error={
          query.isError ? (
            <>
              {auditMessages.loadError}: {errorMessage(query.error)}
            </>
          ) : undefined
        }
        empty={entries.length === 0}
        emptyText={auditMessages.empty}
      >
        <ListTable minWidth="min-w-[760px]" headings={['Zaman', 'İşlemi yapan', 'İşlem', 'Kayıt', 'Değişiklik']}>
          {entries.map((entry) => (
            <tr key={entry._id} className="border-b border-line align-top last:border-0">
              <td className="px-4 py-3 whitespace-nowrap">{formatDateTime(entry.createdAt)}</td>
              <td className="px-4 py-3">
                <div className="text-ink">{entry.actor.email}</div>
                <div className="text-xs text-muted">
                  {label(ROLE_LABELS, entry.actor.role)}
                  {entry.ip ? ` · ${entry.ip}` : ''}
                </div>
              </td>
              <td className="px-4 py-3">{label(AUDIT_ACTION_LABELS, entry.action)}</td>
              <td className="px-4 py-3">
                <div>{label(AUDIT_ENTITY_LABELS, entry.entityType)}</div>
                {entry.entityId && <div className="max-w-48 truncate text-xs text-muted">{entry.entityId}</div>}
              </td>
              <td className="px-4 py-3">
                <EntryChanges entry={entry} />
              </td>
            </tr>
          ))}
        </ListTable>
      </ListPanel>
      {pagination && (
        <Pager page={pagination.page} pages={pagination.pages} total={pagination.total} noun="kayıt" onPage={setPage} />
      )}
    </section>
  );
}
