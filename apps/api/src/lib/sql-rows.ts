/**
 * Rows of a raw `db.execute(sql...)`. Both drivers (PGlite and node-postgres) return an
 * object with `rows`, but the shared drizzle database type leaves the result untyped.
 */
export function sqlRows<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown } | null)?.rows;
  if (!Array.isArray(rows)) throw new Error('unexpected raw query result: no rows array');
  return rows as T[];
}
