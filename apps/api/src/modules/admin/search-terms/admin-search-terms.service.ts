import {
  adminSearchTermMessages,
  type AdminSearchTerms,
  type HiddenSearchTerm,
} from '@kiyasla/contracts/admin-search-terms';
import type { Database } from '../../../db/client';
import type { HiddenSearchTermRow } from '../../../db/schema/hidden-search-terms';
import { badRequest, notFound } from '../../../lib/errors';
import { deleteHiddenTerm, insertHiddenTerm, findHiddenTerm, listHiddenTerms } from '../../search/hidden-terms.repo';
import { invalidateTrending, trendingCandidates, trendingKey } from '../../search/search.service';
import { recordAudit, type AuditActor } from '../audit/audit.service';

/** How many of the week's most searched terms the screen lists. */
const ADMIN_TRENDING_LIMIT = 30;

interface Deps {
  db: Database;
}

function present(row: HiddenSearchTermRow): HiddenSearchTerm {
  return { key: row.termKey, term: row.term, hiddenAt: row.createdAt.toISOString(), hiddenBy: row.hiddenBy };
}

/** The week's most searched terms (hidden ones marked) and the hidden terms. */
export async function listSearchTerms({ db }: Deps, now = new Date()): Promise<AdminSearchTerms> {
  const [candidates, hidden] = await Promise.all([
    trendingCandidates(db, now, { includeHidden: true }),
    listHiddenTerms(db),
  ]);
  const hiddenKeys = new Set(hidden.map((h) => h.termKey));
  return {
    trending: candidates
      .slice(0, ADMIN_TRENDING_LIMIT)
      .map((c) => ({ term: c.term, key: c.key, count: c.count, hidden: hiddenKeys.has(c.key) })),
    hidden: hidden.map(present),
  };
}

/**
 * Hides a term from trending: every search with the same folded words, from now on. Hiding a
 * hidden term again changes nothing and answers the existing entry. Audit-logged.
 */
export async function hideSearchTerm(
  { db }: Deps,
  actor: AuditActor,
  term: string,
): Promise<{ entry: HiddenSearchTerm; created: boolean }> {
  const termKey = trendingKey(term);
  if (!termKey) {
    throw badRequest('SEARCH_TERM_EMPTY', adminSearchTermMessages.termEmpty, [
      { path: 'body.term', message: adminSearchTermMessages.termEmpty },
    ]);
  }
  const result = await db.transaction(async (tx) => {
    const inserted = await insertHiddenTerm(tx, { termKey, term, hiddenBy: actor.id });
    if (!inserted) return { row: (await findHiddenTerm(tx, termKey))!, created: false };
    await recordAudit(tx, actor, {
      action: 'search-term.hide',
      entityType: 'search-term',
      entityId: termKey,
      after: { key: termKey, term },
    });
    return { row: inserted, created: true };
  });
  invalidateTrending();
  return { entry: present(result.row), created: result.created };
}

/** Shows a hidden term again (404 SEARCH_TERM_NOT_HIDDEN when it was not hidden). Audit-logged. */
export async function showSearchTerm({ db }: Deps, actor: AuditActor, key: string): Promise<void> {
  await db.transaction(async (tx) => {
    const removed = await deleteHiddenTerm(tx, key);
    if (!removed) throw notFound('SEARCH_TERM_NOT_HIDDEN', adminSearchTermMessages.notHidden);
    await recordAudit(tx, actor, {
      action: 'search-term.show',
      entityType: 'search-term',
      entityId: removed.termKey,
      before: { key: removed.termKey, term: removed.term },
    });
  });
  invalidateTrending();
}
