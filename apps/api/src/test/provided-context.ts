/**
 * What global-setup.ts hands to test workers through vitest's provide/inject. Values must be
 * serialisable: a file path for the PGlite snapshot, connection facts for PostgreSQL.
 */
export interface PostgresTemplate {
  /** Superuser URL of the test server (TEST_DATABASE_URL). */
  adminUrl: string;
  /** Migrated + seeded database every test file clones. */
  template: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a `dumpDataDir()` tarball of the migrated, seeded PGlite database ('' on PostgreSQL). */
    seedSnapshot: string;
    /** Set when TEST_DATABASE_URL points at a real PostgreSQL server. */
    testDatabaseTemplate: PostgresTemplate | null;
  }
}
