import { subscribeReadChanges } from '../../lib/read-invalidation';
import type { RefreshSessionRow } from '../../db/schema/refresh-sessions';
import type { UserRow } from '../../db/schema/users';

export interface LiveSession {
  session: RefreshSessionRow;
  user: UserRow;
}

/** How long a looked-up session is trusted without the database: the cross-instance staleness bound. */
export const SESSION_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 20_000;

interface Load {
  userId: string;
  promise: Promise<LiveSession | undefined>;
  /** Set when the session or its user changes while this load runs: its result is then not stored. */
  stale: boolean;
}

/**
 * The live session (refresh-token family head) and its user behind an access token, kept for a
 * few seconds so that signed-in requests do not read both rows on every call
 * (docs/decisions/010-hot-path-caches.md).
 *
 * Revocation stays immediate on this instance: every write to `refresh_sessions` or `users` goes
 * through auth.repo or the account module's repos (account.repo, profile.repo), which forget the family or the user's sessions right after
 * the write, and callers that write inside a transaction forget again after the commit (a read
 * between the write and the commit still sees the old rows). A load in flight when its session
 * or user is forgotten is not stored. Other instances notice within SESSION_CACHE_TTL_MS.
 * Lookups that find nothing are never cached.
 */
class SessionCache {
  // A Map iterates in insertion order: the first key is the oldest insertion.
  private readonly entries = new Map<string, { value: LiveSession; expires: number }>();
  private readonly inflight = new Map<string, Load>();

  /**
   * The live session of family `familyId` belonging to `userId`, loaded by `load` when not cached
   * or when `fresh` asks for the database's current answer (which is then cached).
   */
  get(
    familyId: string,
    userId: string,
    load: () => Promise<LiveSession | undefined>,
    fresh = false,
  ): Promise<LiveSession | undefined> {
    if (fresh) return this.load(familyId, userId, load);
    const hit = this.entries.get(familyId);
    if (hit && hit.expires > Date.now()) {
      // A family belongs to one user: the database lookup (family and user) would find nothing.
      return Promise.resolve(hit.value.user.id === userId ? hit.value : undefined);
    }
    const pending = this.inflight.get(familyId);
    if (pending && pending.userId === userId) return pending.promise;
    return this.load(familyId, userId, load);
  }

  private load(
    familyId: string,
    userId: string,
    load: () => Promise<LiveSession | undefined>,
  ): Promise<LiveSession | undefined> {
    const pending = { userId, stale: false } as Load;
    pending.promise = load()
      .then((value) => {
        if (value && !pending.stale) {
          this.entries.delete(familyId);
          this.entries.set(familyId, { value, expires: Date.now() + SESSION_CACHE_TTL_MS });
          if (this.entries.size > MAX_ENTRIES) {
            const oldest = this.entries.keys().next().value;
            if (oldest !== undefined) this.entries.delete(oldest);
          }
        }
        return value;
      })
      .finally(() => {
        if (this.inflight.get(familyId) === pending) this.inflight.delete(familyId);
      });
    this.inflight.set(familyId, pending);
    return pending.promise;
  }

  /** Activity was recorded for the session row `sessionId`: keeps the cached copy in step. */
  touched(familyId: string, sessionId: string, at: Date): void {
    const hit = this.entries.get(familyId);
    if (hit && hit.value.session.id === sessionId) {
      hit.value = { session: { ...hit.value.session, lastUsedAt: at }, user: hit.value.user };
    }
  }

  /** The family was revoked, rotated or otherwise changed. */
  forgetSession(familyId: string): void {
    this.entries.delete(familyId);
    const pending = this.inflight.get(familyId);
    if (pending) {
      pending.stale = true;
      this.inflight.delete(familyId);
    }
  }

  /** The user row or all of the user's sessions changed. */
  forgetUser(userId: string): void {
    for (const [familyId, entry] of this.entries) {
      if (entry.value.user.id === userId) this.entries.delete(familyId);
    }
    for (const [familyId, pending] of this.inflight) {
      if (pending.userId === userId) {
        pending.stale = true;
        this.inflight.delete(familyId);
      }
    }
  }

  /** Forgets everything (tests that rewrite rows behind the API's back). */
  clear(): void {
    this.entries.clear();
    for (const pending of this.inflight.values()) pending.stale = true;
    this.inflight.clear();
  }
}

export const sessionCache = new SessionCache();

// Another instance (or this one) changed an account's role, active flag or sessions: its
// `NOTIFY` arrives here at the commit (lib/read-invalidation.ts), so no instance keeps serving
// the old rows for the cache's TTL. A re-established LISTEN may have missed messages: forget all.
subscribeReadChanges((change) => {
  if (change.kind === 'users') for (const id of change.userIds) sessionCache.forgetUser(id);
  else if (change.kind === 'reset') sessionCache.clear();
});
