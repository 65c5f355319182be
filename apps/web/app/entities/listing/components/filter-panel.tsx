import { useId, useState, type ReactNode } from 'react';
import { ChevronDown, SlidersHorizontal } from 'lucide-react';
import clsx from 'clsx';
import type { Facets } from '@kiyasla/contracts/catalog';
import { formatNumber } from '~/lib/format';
import {
  clearFilters,
  hasActiveFilters,
  isBrandSelected,
  isSpecSelected,
  toggleBrand,
  toggleSpec,
  toggleValue,
  withFilters,
  type ListingState,
} from '../utils/listing-params';
import { parseSpecNumber } from '../utils/spec-number';
import { useOptimisticValue } from '../hooks/use-optimistic-value';
import { lazyHydrated } from '~/lib/lazy-component';

// The premium advanced filters' group: rendered by the server (locked until the session is known),
// its code after the first paint, like the other parts kept out of the initial JavaScript (ADR 011).
const AdvancedFilters = lazyHydrated(() => import('./advanced-filters').then((m) => m.AdvancedFilters));
// The price range's sliders and inputs, likewise; its server HTML is a working GET form until then.
const PriceRangeFilter = lazyHydrated(() => import('./price-range-filter').then((m) => m.PriceRangeFilter));

type FacetValue = Facets['brands'][number];

/**
 * Measured values ("64 GB", "1 TB", "6.1 inç") in numeric order, so 1 TB comes after 512 GB;
 * anything else keeps the server's order.
 */
export function orderFacetValues(values: readonly FacetValue[]): readonly FacetValue[] {
  const numbers = values.map((v) => parseSpecNumber(v.value));
  if (numbers.some((n) => n === null)) return values;
  return values
    .map((value, i) => ({ value, n: numbers[i] ?? 0 }))
    .sort((a, b) => a.n - b.n)
    .map(({ value }) => value);
}

/** Groups show this many values before 'Tümünü göster'. */
const COLLAPSED_VALUES = 6;

export function FilterGroup({
  title,
  defaultOpen = true,
  selectedCount = 0,
  children,
}: {
  title: ReactNode;
  defaultOpen?: boolean;
  selectedCount?: number;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(defaultOpen || selectedCount > 0);
  const id = useId();
  return (
    <div className="border-b border-line py-4 last:border-b-0">
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((v) => !v)}
          className="flex w-full items-center justify-between gap-2 text-left text-sm font-semibold text-ink"
        >
          <span>
            {title}
            {selectedCount > 0 && (
              <span className="ml-2 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-[11px] font-bold text-primary-ink">
                {selectedCount}
                <span className="sr-only"> seçili</span>
              </span>
            )}
          </span>
          <ChevronDown
            aria-hidden="true"
            className={clsx('h-4 w-4 text-muted transition-transform', open && 'rotate-180')}
          />
        </button>
      </h3>
      <div id={id} hidden={!open} className="mt-3">
        {children}
      </div>
    </div>
  );
}

function FilterCheckbox({
  item,
  checked: applied,
  onToggle,
}: {
  item: FacetValue;
  checked: boolean;
  onToggle: () => void;
}) {
  const [checked, setChecked] = useOptimisticValue(applied);
  const empty = item.count === 0 && !checked;
  return (
    <li>
      <label
        className={clsx(
          'flex cursor-pointer items-center gap-2.5 rounded-md px-1.5 py-1.5 text-sm transition-colors hover:bg-surface-2',
          empty && 'cursor-not-allowed opacity-60',
        )}
      >
        <input
          type="checkbox"
          checked={checked}
          disabled={empty}
          onChange={() => {
            setChecked(!checked);
            onToggle();
          }}
          className="h-4 w-4 shrink-0 rounded border-line accent-[var(--k-primary)]"
        />
        <span className={clsx('min-w-0 flex-1 truncate text-ink', checked && 'font-semibold')}>{item.label}</span>
        <span className="shrink-0 rounded-full bg-surface-2 px-2 py-0.5 text-[11px] font-medium text-muted tabular-nums">
          {formatNumber(item.count)}
        </span>
      </label>
    </li>
  );
}

function CheckboxList({
  name,
  values,
  isChecked,
  onToggle,
}: {
  name: string;
  values: readonly FacetValue[];
  isChecked: (value: string) => boolean;
  onToggle: (value: string) => void;
}) {
  const [expanded, setExpanded] = useState(false);
  const hidden = values.length - COLLAPSED_VALUES;
  // Selected values stay visible even when the list is collapsed.
  const shown = expanded ? values : values.filter((v, i) => i < COLLAPSED_VALUES || isChecked(v.value));
  return (
    <fieldset>
      <legend className="sr-only">{name}</legend>
      <ul className="space-y-1">
        {shown.map((item) => (
          <FilterCheckbox
            key={item.value}
            item={item}
            checked={isChecked(item.value)}
            onToggle={() => onToggle(item.value)}
          />
        ))}
      </ul>
      {hidden > 0 && (
        <button
          type="button"
          onClick={() => setExpanded((v) => !v)}
          className="mt-2 px-1.5 text-sm font-semibold text-primary hover:underline"
        >
          {expanded ? 'Daha az göster' : `Tümünü göster (${hidden} daha)`}
        </button>
      )}
    </fieldset>
  );
}

export interface FilterPanelProps {
  facets: Facets | null;
  state: ListingState;
  onChange: (next: ListingState) => void;
  /** The drawer has its own heading; the sidebar shows one. */
  showHeading?: boolean;
  className?: string;
}

/**
 * The filter panel: price range, brands, stores, one collapsible checkbox group per
 * specification and the premium advanced filters. A group appears only with more than one value (or with a selection to undo).
 * Every change resets the page to 1.
 */
export function FilterPanel({ facets, state, onChange, showHeading = true, className }: FilterPanelProps) {
  const update = (change: Partial<ListingState>) => onChange(withFilters(state, change));
  const price = facets?.price;
  const showPrice = (price && price.max > price.min) || state.minPrice !== null || state.maxPrice !== null;
  const offer = (values: readonly FacetValue[], selected: readonly string[]) =>
    values.length > 1 || selected.length > 0;

  const brands = facets?.brands ?? [];
  const stores = facets?.stores ?? [];
  const specGroups = (facets?.specs ?? []).filter((group) =>
    offer(
      group.values,
      state.specs.filter((s) => s.key === group.key).map((s) => s.value),
    ),
  );

  return (
    <div className={className}>
      {showHeading && (
        <div className="flex items-center justify-between gap-2 pb-2">
          <h2 className="flex items-center gap-2 text-base font-bold text-ink">
            <SlidersHorizontal aria-hidden="true" className="h-4 w-4 text-primary" />
            Filtreler
          </h2>
          {hasActiveFilters(state) && (
            <button
              type="button"
              onClick={() => onChange(clearFilters(state))}
              className="rounded-md px-2 py-1 text-sm font-semibold text-primary transition-colors hover:bg-primary-soft"
            >
              Temizle
            </button>
          )}
        </div>
      )}

      {showPrice && (
        <FilterGroup title="Fiyat Aralığı" selectedCount={state.minPrice !== null || state.maxPrice !== null ? 1 : 0}>
          <PriceRangeFilter price={price} state={state} onChange={onChange} />
        </FilterGroup>
      )}

      <AdvancedFilters state={state} counts={facets?.advanced} onChange={onChange} />

      {offer(brands, state.brands) && (
        <FilterGroup title="Marka" selectedCount={state.brands.length}>
          <CheckboxList
            name="Marka"
            values={brands}
            isChecked={(value) => isBrandSelected(state.brands, value)}
            onToggle={(value) => update({ brands: toggleBrand(state.brands, value) })}
          />
        </FilterGroup>
      )}

      {specGroups.map((group, index) => {
        const selected = state.specs.filter((s) => s.key === group.key).length;
        return (
          <FilterGroup key={group.key} title={group.label} selectedCount={selected} defaultOpen={index < 4}>
            <CheckboxList
              name={group.label}
              values={orderFacetValues(group.values)}
              isChecked={(value) => isSpecSelected(state.specs, group.key, value)}
              onToggle={(value) => update({ specs: toggleSpec(state.specs, group.key, value) })}
            />
          </FilterGroup>
        );
      })}

      {offer(stores, state.stores) && (
        <FilterGroup title="Mağaza" selectedCount={state.stores.length} defaultOpen={false}>
          <CheckboxList
            name="Mağaza"
            values={stores}
            isChecked={(value) => state.stores.includes(value)}
            onToggle={(value) => update({ stores: toggleValue(state.stores, value) })}
          />
        </FilterGroup>
      )}
    </div>
  );
}
