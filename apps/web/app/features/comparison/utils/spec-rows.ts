import type { TechnicalSpecRow } from '@kiyasla/contracts/comparisons';

/** The specification rows to show: all, or only those whose values differ. */
export function visibleSpecRows(rows: readonly TechnicalSpecRow[], onlyDifferences: boolean): TechnicalSpecRow[] {
  return onlyDifferences ? rows.filter((row) => row.differs) : [...rows];
}

export function countDifferences(rows: readonly TechnicalSpecRow[]): number {
  return rows.filter((row) => row.differs).length;
}
