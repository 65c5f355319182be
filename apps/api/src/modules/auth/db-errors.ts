/**
 * True when `err` (or the driver error drizzle wrapped in DrizzleQueryError.cause) is a unique
 * violation, optionally of one named constraint. Works for node-postgres and PGlite errors.
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return !constraint || name === constraint;
  }
  return false;
}
