import { Link } from 'react-router';
import clsx from 'clsx';
import type { Facets } from '@kiyasla/contracts/catalog';
import { ADVANCED_FILTER_LABELS, ADVANCED_FILTERS } from '@kiyasla/contracts/catalog-constants';
import { useAuth } from '~/entities/session/auth-context';
import { formatNumber } from '~/lib/format';
import { withFilters, type ListingState } from '../utils/listing-params';
import { toggleAdvanced } from '../utils/advanced-filter-state';
import { FilterGroup } from './filter-panel';
import { useOptimisticValue } from '../hooks/use-optimistic-value';

function AdvancedCheckbox({
  label,
  count,
  applied,
  locked,
  onToggle,
}: {
  label: string;
  count: number | undefined;
  applied: boolean;
  locked: boolean;
  onToggle: () => void;
}) {
  const [checked, setChecked] = useOptimisticValue(applied);
  // Locked: a filter already in the address (a shared link) can still be taken off.
  const disabled = !checked && (locked || count === 0);
  return (
    <li>
      <label
        className={clsx(
          'flex items-center gap-2.5 rounded-md px-1.5 py-1.5 text-sm',
          disabled ? 'cursor-not-allowed opacity-60' : 'cursor-pointer transition-colors hover:bg-surface-2',
        )}
      >
        <input
          type="checkbox"
          checked={checked}
          disabled={disabled}
          onChange={() => {
            setChecked(!checked);
            onToggle();
          }}
          className="h-4 w-4 shrink-0 rounded border-line accent-[var(--k-primary)]"
        />
        <span className={clsx('min-w-0 flex-1 text-ink', checked && 'font-semibold')}>{label}</span>
        {count !== undefined && (
          <span className="shrink-0 rounded-full bg-surface-2 px-2 py-0.5 text-[11px] font-medium text-muted tabular-nums">
            {formatNumber(count)}
          </span>
        )}
      </label>
    </li>
  );
}

/**
 * The filter panel's "Gelişmiş Filtreler" group, marked PREMIUM: the advanced filters (ADR 019). Everyone sees them with their
 * counts; only a premium member can tick them (the server refuses them to anyone else). Until
 * the session is known (server rendering, hydration) they render locked.
 */
export function AdvancedFilters({
  state,
  counts,
  onChange,
}: {
  state: ListingState;
  counts: Facets['advanced'] | undefined;
  onChange: (next: ListingState) => void;
}) {
  const { status, user } = useAuth();
  const locked = !(status === 'authenticated' && user?.isPremium === true);
  return (
    <FilterGroup
      title={
        <>
          Gelişmiş Filtreler
          <span className="ml-2 rounded-md bg-warning px-1.5 py-0.5 align-middle text-[10px] font-bold tracking-wide text-page">
            PREMIUM
          </span>
        </>
      }
      selectedCount={state.advanced.length}
    >
      <fieldset>
        <legend className="sr-only">Gelişmiş Filtreler</legend>
        <ul className="space-y-1">
          {ADVANCED_FILTERS.map((name) => (
            <AdvancedCheckbox
              key={name}
              label={ADVANCED_FILTER_LABELS[name]}
              count={counts?.[name]}
              applied={state.advanced.includes(name)}
              locked={locked}
              onToggle={() => onChange(withFilters(state, { advanced: toggleAdvanced(state.advanced, name) }))}
            />
          ))}
        </ul>
        {locked && (
          <p className="mt-3 rounded-lg bg-surface-2 px-3 py-2.5 text-xs text-muted">
            Gelişmiş filtreler Premium üyeler içindir.{' '}
            <Link to="/premium-plans" className="font-semibold text-primary hover:underline">
              Premium&apos;a geçin
            </Link>
          </p>
        )}
      </fieldset>
    </FilterGroup>
  );
}
