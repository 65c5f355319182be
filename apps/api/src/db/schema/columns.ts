import { customType, timestamp } from 'drizzle-orm/pg-core';

/** `created_at`, set by the database. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** `updated_at`, refreshed by drizzle on every update issued through the query builder. */
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** A nullable point in time (`expires_at`, `deleted_at`, ...). */
export const instant = (name: string) => timestamp(name, { withTimezone: true });

/** Postgres full-text vector; written only by the database (generated columns). */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A jsonb column whose top-level value may be a string (a free-text address). Both drivers
 * (pg, PGlite) already parse jsonb; drizzle's own `jsonb` parses a string it gets back once more,
 * so a stored "-9", "true" or "[1]" came back as a number, a boolean or an array. This one keeps
 * what the driver parsed.
 */
export const jsonbValue = <T>(name: string) =>
  customType<{ data: T; driverData: unknown }>({
    dataType: () => 'jsonb',
    toDriver: (value) => JSON.stringify(value),
    fromDriver: (value) => value as T,
  })(name);

/** Binary data (pictures). node-postgres returns a Buffer, PGlite a Uint8Array: both read as a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
