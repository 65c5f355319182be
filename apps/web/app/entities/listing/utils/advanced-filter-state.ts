import { ADVANCED_FILTERS, type AdvancedFilter } from '@kiyasla/contracts/advanced-filters';

/** Adds or removes one advanced filter, keeping ADVANCED_FILTERS order (so the address is canonical). */
export function toggleAdvanced(selected: readonly AdvancedFilter[], name: AdvancedFilter): AdvancedFilter[] {
  const next = selected.includes(name) ? selected.filter((n) => n !== name) : [...selected, name];
  return ADVANCED_FILTERS.filter((n) => next.includes(n));
}
