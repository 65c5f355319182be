import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DbHandle } from '../db/client';
import { AppError } from '../lib/errors';
import { keepMediaFile } from '../modules/media/media.repo';
import { mirrorImages } from '../modules/media/mirror-image';
import { createTestDatabase } from '../test/db';
import { rows } from '../test/price-alerts';
import { MEDIA_FILE_GRACE_HOURS, sweepUnusedMediaFiles } from './sweep-media-files';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const old = MEDIA_FILE_GRACE_HOURS + 24;

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Rejects when `work` has not settled within `ms`: a sweep must never wait for a save. */
function within<T>(work: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms)),
  ]);
}

/**
 * On a real PostgreSQL server, sweeps and saves on separate connections, each held open at the
 * moment that matters: a save naming a kept picture never ends with the picture deleted, and two
 * instances sweeping at once neither wait for each other nor delete a file twice.
 */
describe.runIf(inject('testDatabaseTemplate'))('the sweep of kept pictures racing saves on PostgreSQL', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  }, 180_000);
  afterAll(() => handle?.close());

  async function keptFile(hoursAgo: number) {
    const data = Buffer.concat([PNG, randomBytes(16)]);
    const file = {
      id: createHash('sha256').update(data).digest('hex'),
      contentType: 'image/png',
      size: data.length,
      data,
      sourceUrl: 'https://ornek.com.tr/resim.png',
    };
    await handle.db.execute(sql`
      insert into media_files (id, content_type, size, data, source_url, last_used_at)
      values (${file.id}, ${file.contentType}, ${file.size}, ${data}, ${file.sourceUrl},
              now() - make_interval(hours => ${hoursAgo}::int))`);
    return file;
  }

  const kept = async (...ids: string[]) =>
    (
      await rows<{ id: string }>(
        handle.db,
        sql`select id from media_files where id = any (${`{${ids.join(',')}}`}::text[]) order by id`,
      )
    ).map((r) => r.id);

  it('skips, without waiting, a file a save is marking used at that moment; the file stays', async () => {
    const file = await keptFile(old);
    const marked = deferred();
    const commit = deferred();
    // The save downloaded the same picture again: its insert meets the kept row and marks it.
    const saving = handle.db.transaction(async (tx) => {
      await keepMediaFile(tx, file);
      marked.resolve();
      await commit.promise;
    });
    await marked.promise;

    expect(await within(sweepUnusedMediaFiles(handle.db), 5_000)).toBe(0);
    commit.resolve();
    await saving;
    expect(await kept(file.id)).toEqual([file.id]);
    // Marked now: the next sweeps leave it for a day.
    expect(await sweepUnusedMediaFiles(handle.db)).toBe(0);
    expect(await kept(file.id)).toEqual([file.id]);
  });

  it('a save meeting a file the sweep is deleting waits for it, then keeps the download again or refuses the path', async () => {
    const downloaded = await keptFile(old);
    const sentBack = await keptFile(old);
    const swept = deferred<number>();
    const commit = deferred();
    const sweeping = handle.db.transaction(async (tx) => {
      swept.resolve(await sweepUnusedMediaFiles(tx));
      await commit.promise;
    });
    expect(await swept.promise).toBe(2);

    const settled: string[] = [];
    const download = keepMediaFile(handle.db, downloaded).then(() => settled.push('download'));
    const path = mirrorImages({ db: handle.db, fetchAllow: async () => [], publicOrigin: 'http://localhost:3000' }, [
      { path: 'logo', url: `/api/media/files/${sentBack.id}.png` },
    ]).then(
      () => settled.push('path kept'),
      (error: unknown) => settled.push(error instanceof AppError ? `path refused: ${error.code}` : String(error)),
    );
    await new Promise((r) => setTimeout(r, 300));
    // Both wait on the row the sweep holds.
    expect(settled).toEqual([]);

    commit.resolve();
    await Promise.all([sweeping, download, path]);
    expect(settled.sort()).toEqual(['download', 'path refused: IMAGE_UNREACHABLE']);
    expect(await kept(downloaded.id, sentBack.id)).toEqual([downloaded.id]);
    const [row] = await rows<{ data: Buffer }>(
      handle.db,
      sql`select data from media_files where id = ${downloaded.id}`,
    );
    expect(Buffer.from(row!.data).equals(downloaded.data)).toBe(true);
  });

  it('two instances sweeping at once delete each file once, and neither waits for the other', async () => {
    const files = await Promise.all(Array.from({ length: 6 }, () => keptFile(old)));
    const ids = files.map((f) => f.id);
    const swept = deferred<number>();
    const commit = deferred();
    // One instance's sweep has deleted its batches and not committed yet.
    const first = handle.db.transaction(async (tx) => {
      swept.resolve(await sweepUnusedMediaFiles(tx, { batch: 4 }));
      await commit.promise;
    });
    expect(await swept.promise).toBe(6);
    expect(await within(sweepUnusedMediaFiles(handle.db, { batch: 4 }), 5_000)).toBe(0);
    commit.resolve();
    await first;
    expect(await kept(...ids)).toEqual([]);

    // Three at once on the pool, in small batches: nine files, nine deletions between them.
    const more = (await Promise.all(Array.from({ length: 9 }, () => keptFile(old)))).map((f) => f.id);
    const counts = await Promise.all(Array.from({ length: 3 }, () => sweepUnusedMediaFiles(handle.db, { batch: 2 })));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(9);
    expect(await kept(...more)).toEqual([]);
  });
});
