/**
 * The back office's list pages: filters edited in a draft and applied on submit (page back to 1),
 * the search form with its sr-only labels and buttons, and the list's loading, error and empty
 * states around its table.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { Pencil, Trash2 } from 'lucide-react';
import clsx from 'clsx';
import { buttonClasses } from './button-styles';
import { inputClasses } from './form-field';

/**
 * Draft and applied filters and the page. `initial` is applied at once (e.g. the header's search);
 * `reset` goes back to `empty`, which defaults to `initial`.
 */
export function useListFilters<F>(initial: F, empty: F = initial) {
  const [draft, setDraft] = useState<F>(initial);
  const [applied, setApplied] = useState<F>(initial);
  const [page, setPage] = useState(1);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setApplied(draft);
    setPage(1);
  };
  const reset = () => {
    setDraft(empty);
    setApplied(empty);
    setPage(1);
  };
  const edit = (patch: Partial<F>) => setDraft((current) => ({ ...current, ...patch }));

  return { draft, setDraft, edit, applied, page, setPage, submit, reset };
}

/**
 * The filter form: a search landmark, its fields, then the submit button ('Filtrele' unless told)
 * and 'Temizle' when `onReset` is given. `columns` carries the page's grid template;
 * `actionsClassName` puts the buttons in one cell of that class.
 */
export function FilterForm({
  label,
  columns,
  onSubmit,
  onReset,
  submitLabel = 'Filtrele',
  actionsClassName,
  children,
}: {
  label: string;
  columns: string;
  onSubmit: (event: FormEvent) => void;
  onReset?: () => void;
  submitLabel?: string;
  actionsClassName?: string;
  children: ReactNode;
}) {
  const actions = (
    <>
      <button type="submit" className={buttonClasses('primary', 'md')}>
        {submitLabel}
      </button>
      {onReset && (
        <button type="button" onClick={onReset} className={buttonClasses('outline', 'md')}>
          Temizle
        </button>
      )}
    </>
  );
  return (
    <form
      role="search"
      aria-label={label}
      onSubmit={onSubmit}
      className={clsx('mt-4 grid gap-3 rounded-2xl border border-line bg-surface p-4', columns)}
    >
      {children}
      {actionsClassName ? <div className={actionsClassName}>{actions}</div> : actions}
    </form>
  );
}

/** A search box with its sr-only 'Ara' label. */
export function FilterSearchField({
  id,
  placeholder,
  value,
  onChange,
}: {
  id: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <>
      <label className="sr-only" htmlFor={id}>
        Ara
      </label>
      <input
        id={id}
        type="search"
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={inputClasses(false)}
      />
    </>
  );
}

export interface FilterOption<V extends string> {
  value: V;
  label: string;
}

/** A select with its sr-only label; `allLabel` adds the first option, value '' (no filter). */
export function FilterSelectField<V extends string>({
  id,
  label,
  value,
  onChange,
  options,
  allLabel,
}: {
  id: string;
  label: string;
  value: V | '';
  onChange: (value: V) => void;
  options: readonly FilterOption<V>[];
  allLabel?: string;
}) {
  return (
    <>
      <label className="sr-only" htmlFor={id}>
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as V)} className={inputClasses(false)}>
        {allLabel !== undefined && <option value="">{allLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </>
  );
}

/**
 * The list's box: the loading status, the error (when `error` is given), the empty message, or
 * the table.
 */
export function ListPanel({
  pending,
  loading,
  error,
  empty,
  emptyText,
  children,
}: {
  pending: boolean;
  loading: ReactNode;
  error?: ReactNode;
  empty: boolean;
  emptyText: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mt-4 overflow-x-auto rounded-2xl border border-line bg-surface">
      {pending ? (
        <p role="status" className="p-6 text-sm text-muted">
          {loading}
        </p>
      ) : error ? (
        <p role="alert" className="p-6 text-sm text-danger">
          {error}
        </p>
      ) : empty ? (
        <p className="p-6 text-sm text-muted">{emptyText}</p>
      ) : (
        children
      )}
    </div>
  );
}

/**
 * The list's table and its heading row; `actions` adds the right-aligned 'İşlemler' column.
 * `minWidth` is the page's `min-w-[…]` class.
 */
export function ListTable({
  minWidth,
  headings,
  actions = false,
  children,
}: {
  minWidth: string;
  headings: readonly string[];
  actions?: boolean;
  children: ReactNode;
}) {
  return (
    <table className={`w-full ${minWidth} text-left text-sm`}>
      <thead className="border-b border-line text-xs text-muted uppercase">
        <tr>
          {headings.map((heading) => (
            <th key={heading} scope="col" className="px-4 py-3">
              {heading}
            </th>
          ))}
          {actions && (
            <th scope="col" className="px-4 py-3 text-right">
              İşlemler
            </th>
          )}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/**
 * A row's last cell: edit and delete icon buttons labelled with the row's `name`. `deleteDisabled`
 * with `deleteTitle` says why a row cannot be deleted.
 */
export function EditDeleteCell({
  name,
  onEdit,
  onDelete,
  deleteDisabled,
  deleteTitle = 'Sil',
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  deleteDisabled?: boolean;
  deleteTitle?: string;
}) {
  return (
    <td className="px-4 py-3">
      <div className="flex justify-end gap-1">
        <button
          type="button"
          onClick={onEdit}
          className={buttonClasses('ghost', 'icon')}
          aria-label={`${name} düzenle`}
          title="Düzenle"
        >
          <Pencil aria-hidden="true" className="size-4" />
        </button>
        <button
          type="button"
          onClick={onDelete}
          disabled={deleteDisabled}
          className={buttonClasses('ghost', 'icon', 'text-danger')}
          aria-label={`${name} sil`}
          title={deleteTitle}
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </button>
      </div>
    </td>
  );
}
