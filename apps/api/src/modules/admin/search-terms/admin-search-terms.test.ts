import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminSearchTerms } from '@kiyasla/contracts/admin-search-terms';
import type { TrendingTerm } from '@kiyasla/contracts/search';
import { adminAuditLog } from '../../../db/schema/admin-audit-log';
import { searchLog } from '../../../db/schema/search-log';
import { bearer, body, DEMO_ACCOUNTS, loginAs } from '../../../test/accounts';
import { useTestApp } from '../../../test/app';
import { invalidateTrending } from '../../search/search.service';

/** "Trending searches can be written by anyone": an operator can take a term out of the box. */

const t = useTestApp();
let moderator: string;
let admin: string;
let user: string;

/** `n` successful searches of `query` (as the search log stores it) a few minutes ago. */
async function searched(query: string, n: number) {
  await t.db.db.insert(searchLog).values(Array.from({ length: n }, () => ({ queryNormalized: query, resultCount: 3 })));
}

async function trending(): Promise<TrendingTerm[]> {
  invalidateTrending();
  return body<{ data: TrendingTerm[] }>(await t.app.inject({ method: 'GET', url: '/api/search/trending' })).data;
}

const hide = (token: string, term: string) =>
  t.app.inject({ method: 'POST', url: '/api/admin/search-terms/hidden', headers: bearer(token), payload: { term } });
const show = (token: string, key: string) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/admin/search-terms/hidden/${encodeURIComponent(key)}`,
    headers: bearer(token),
  });

beforeAll(async () => {
  moderator = (await loginAs(t.app, DEMO_ACCOUNTS.moderator.email, DEMO_ACCOUNTS.moderator.password)).token;
  admin = (await loginAs(t.app, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password)).token;
  user = (await loginAs(t.app, DEMO_ACCOUNTS.user.email, DEMO_ACCOUNTS.user.password)).token;
  await t.db.db.delete(searchLog);
  await searched('samsung u', 40);
  await searched('SAMSUNG  u', 3);
  await searched('kulaklik', 20);
  await searched('iphone', 10);
});

describe('hiding a trending search', () => {
  it('takes every spelling of the term out of trending, for everyone, and is audit-logged', async () => {
    expect((await trending())[0]).toEqual({ term: 'samsung u', count: 43 });

    const res = await hide(moderator, 'Samsung <u>');
    expect(res.statusCode).toBe(201);
    expect(body(res)).toMatchObject({
      success: true,
      message: 'Arama terimi popüler aramalardan gizlendi',
      data: { key: 'samsung u', term: 'Samsung <u>' },
    });

    const after = await trending();
    expect(after.map((x) => x.term)).not.toContain('samsung u');
    expect(after.map((x) => x.term.toLowerCase()).filter((x) => x.includes('samsung u'))).toEqual([]);
    expect(after[0]).toEqual({ term: 'kulaklik', count: 20 });

    const [entry] = await t.db.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, 'search-term.hide'), eq(adminAuditLog.entityId, 'samsung u')));
    expect(entry).toMatchObject({ actorEmail: DEMO_ACCOUNTS.moderator.email, entityType: 'search-term' });
  });

  it('hiding it again changes nothing (200, the same entry, no second audit entry)', async () => {
    const again = await hide(admin, 'samsung U');
    expect(again.statusCode).toBe(200);
    expect(body(again)).toMatchObject({ data: { key: 'samsung u', term: 'Samsung <u>' } });
    const entries = await t.db.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'search-term.hide'));
    expect(entries).toHaveLength(1);
  });

  it('keeps a hidden curated term out of the fallback list too', async () => {
    const res = await hide(admin, 'iPhone 16');
    expect(res.statusCode).toBe(201);
    expect((await trending()).map((x) => x.term)).not.toContain('iphone 16');
  });

  it('lists the week’s terms with the hidden ones marked, and the hidden terms', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/search-terms', headers: bearer(moderator) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = body<{ data: AdminSearchTerms }>(res).data;
    expect(data.trending[0]).toEqual({ term: 'samsung u', key: 'samsung u', count: 43, hidden: true });
    expect(data.trending.find((x) => x.key === 'kulaklik')).toMatchObject({ hidden: false });
    expect(data.hidden.map((h) => h.key).sort()).toEqual(['iphone 16', 'samsung u']);
  });

  it('shows a term again, audit-logged; a term that is not hidden is a 404', async () => {
    const res = await show(admin, 'samsung u');
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ message: 'Arama terimi yeniden popüler aramalarda gösteriliyor' });
    expect((await trending())[0]).toEqual({ term: 'samsung u', count: 43 });
    const [entry] = await t.db.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'search-term.show'));
    expect(entry).toMatchObject({ actorEmail: DEMO_ACCOUNTS.admin.email, entityId: 'samsung u' });

    const missing = await show(admin, 'samsung u');
    expect(missing.statusCode).toBe(404);
    expect(body(missing)).toMatchObject({ success: false, code: 'SEARCH_TERM_NOT_HIDDEN' });
  });

  it('refuses a term without letters or digits, and an empty one, in Turkish', async () => {
    const markup = await hide(admin, '<>');
    expect(markup.statusCode).toBe(400);
    expect(body(markup)).toMatchObject({
      code: 'SEARCH_TERM_EMPTY',
      message: 'Arama teriminde harf veya rakam bulunmalıdır',
    });
    const empty = await hide(admin, '   ');
    expect(empty.statusCode).toBe(400);
    expect(body(empty)).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Gizlenecek arama terimini girin' });
  });

  it('is for admins and moderators only', async () => {
    expect((await hide(user, 'kulaklik')).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/admin/search-terms/hidden',
      payload: { term: 'kulaklik' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await trending()).map((x) => x.term)).toContain('kulaklik');
  });
});
