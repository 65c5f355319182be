/**
 * Identifier rules shared by both sides, free of zod: ids are UUIDs; catalog addresses take a
 * slug or an id.
 */

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a UUID in its canonical text form (any case). */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/** A category, subcategory or product address segment: a slug or a UUID. */
export const SLUG_OR_ID_PATTERN = /^[a-z0-9-]+$/i;
export const SLUG_OR_ID_MAX_LENGTH = 100;
