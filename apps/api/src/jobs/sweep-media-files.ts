import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { sqlRows } from '../lib/sql-rows';
import { MEDIA_FILE_PATH } from '../modules/media/mirror-image';

/** A kept picture no row names is deleted this long after the last save that named it. */
export const MEDIA_FILE_GRACE_HOURS = 24;
/** Pictures are up to 5 MB each: a batch stays a short statement. */
const BATCH = 200;
/** Each batch reads every stored picture address once: a pass stops here, the next hour goes on. */
const MAX_BATCHES = 10;

/**
 * Deletes the kept pictures (`media_files`, ADR 021) that no product image, category image or
 * store logo names any more and that no save has named for MEDIA_FILE_GRACE_HOURS; answers how
 * many went.
 *
 * Race-free with a save naming the same file (ADR 021, "Sweeping"): every save marks the files it
 * names used (`last_used_at`, `mirrorImages`) before the transaction that writes the names, and
 * each batch is one statement that locks the files it deletes after checking, on their newest
 * version, that the day has passed and that no committed row names them. A save's mark committed
 * before the statement shows the file as used; one committing while the statement runs makes the
 * row lock re-read the file, which then fails the age check; a file whose mark is in progress is
 * locked and skipped; and a mark that comes after the delete finds no file, so a download keeps
 * it again and a path sent back fails the save.
 *
 * Each batch is its own statement, and reads the names anew (a scan of the catalog's image lists,
 * which only runs when some file is past its day). SKIP LOCKED lets several instances sweep at
 * once, each deleting other files, none waiting for a save. Called hourly by the server
 * (jobs/scheduler.ts) and directly by tests.
 */
export async function sweepUnusedMediaFiles(
  db: Database,
  opts: { graceHours?: number; batch?: number; maxBatches?: number } = {},
): Promise<number> {
  const grace = opts.graceHours ?? MEDIA_FILE_GRACE_HOURS;
  const batch = opts.batch ?? BATCH;
  const stale = sql`now() - make_interval(hours => ${grace}::int)`;
  if (!(await anyFilePastGrace(db, stale))) return 0;
  let swept = 0;
  for (let n = 0; n < (opts.maxBatches ?? MAX_BATCHES); n++) {
    const rows = sqlRows<{ id: string }>(
      await db.execute(sql`
        with named as (
          select ${fileNamedBy(sql`image ->> 'url'`)} as id
            from products cross join lateral jsonb_array_elements(images) as listed(image)
           where ${namesAFile(sql`image ->> 'url'`)}
          union all
          select ${fileNamedBy(sql`image`)} from categories where ${namesAFile(sql`image`)}
          union all
          select ${fileNamedBy(sql`logo_url`)} from stores where ${namesAFile(sql`logo_url`)}
        ),
        unnamed as materialized (
          select f.id from media_files f
           where f.last_used_at < ${stale}
             and not exists (select 1 from named n where n.id = f.id)
           order by f.last_used_at
           limit ${batch}
             for update of f skip locked
        )
        delete from media_files f
         using unnamed u
         where f.id = u.id
           and f.last_used_at < ${stale}
        returning f.id`),
    );
    swept += rows.length;
    if (rows.length < batch) break;
  }
  return swept;
}

/**
 * Whether a stored address names a kept picture: by its site path, or by the same path on our
 * origin or any other (the host is not looked at, so the sweep errs on keeping). Plain string
 * functions: a regular expression over a million products' image lists took seconds longer.
 */
function namesAFile(address: SQL): SQL {
  return sql`position(${MEDIA_FILE_PATH}::text in ${address}) > 0`;
}

/** The file's id: the 64 hex digits after the path. */
function fileNamedBy(address: SQL): SQL {
  return sql`lower(substr(${address}, position(${MEDIA_FILE_PATH}::text in ${address}) + ${MEDIA_FILE_PATH.length}::int, 64))`;
}

/** The index on `last_used_at` answers this; the names are read only when it says yes. */
async function anyFilePastGrace(db: Database, stale: SQL): Promise<boolean> {
  const rows = sqlRows<{ found: boolean }>(
    await db.execute(sql`select exists (select 1 from media_files where last_used_at < ${stale}) as found`),
  );
  return rows[0]?.found === true;
}
