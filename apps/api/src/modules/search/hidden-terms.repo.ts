import { asc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { hiddenSearchTerms, type HiddenSearchTermRow } from '../../db/schema/hidden-search-terms';

/** The grouping keys of the hidden trending terms (a handful of rows). */
export async function hiddenTermKeys(db: Database): Promise<Set<string>> {
  const rows = await db.select({ key: hiddenSearchTerms.termKey }).from(hiddenSearchTerms);
  return new Set(rows.map((r) => r.key));
}

export function listHiddenTerms(db: Database): Promise<HiddenSearchTermRow[]> {
  return db.select().from(hiddenSearchTerms).orderBy(asc(hiddenSearchTerms.termKey));
}

/** Hides a term; `null` when its words were hidden already. */
export async function insertHiddenTerm(
  db: Database | Transaction,
  values: { termKey: string; term: string; hiddenBy: string },
): Promise<HiddenSearchTermRow | null> {
  const [row] = await db.insert(hiddenSearchTerms).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findHiddenTerm(db: Database | Transaction, termKey: string) {
  const [row] = await db.select().from(hiddenSearchTerms).where(eq(hiddenSearchTerms.termKey, termKey));
  return row ?? null;
}

/** Shows a hidden term again; the removed row, or `null` when it was not hidden. */
export async function deleteHiddenTerm(db: Database | Transaction, termKey: string) {
  const [row] = await db.delete(hiddenSearchTerms).where(eq(hiddenSearchTerms.termKey, termKey)).returning();
  return row ?? null;
}
