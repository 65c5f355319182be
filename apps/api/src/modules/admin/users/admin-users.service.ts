import {
  adminUserMessages as m,
  type AdminUser,
  type AdminUserListQuery,
  type AdminUserUpdate,
} from '@kiyasla/contracts/admin-users';
import type { Pagination } from '@kiyasla/contracts/envelope';
import { foldTurkish } from '@kiyasla/contracts/text';
import type { Database } from '../../../db/client';
import { AppError, notFound } from '../../../lib/errors';
import { announceReadChange } from '../../../lib/read-invalidation';
import { paginate } from '../../../lib/reply';
import { closeAccount } from '../../account/account.service';
import { sessionCache } from '../../auth/session-cache';
import { endAllSessions } from '../../auth/sessions.service';
import { recordAudit, type AuditActor } from '../audit/audit.service';
import * as repo from './admin-users.repo';
import { presentAdminUser } from './admin-users.presenter';

export interface AdminUsersDeps {
  db: Database;
}

const userNotFound = () => notFound('USER_NOT_FOUND', m.notFound);

export async function listAdminUsers(
  { db }: AdminUsersDeps,
  query: AdminUserListQuery,
): Promise<{ items: AdminUser[]; pagination: Pagination }> {
  const search = query.search ? foldTurkish(query.search) : undefined;
  const { rows, total } = await repo.listUsers(
    db,
    {
      ...(search ? { search } : {}),
      ...(query.role ? { role: query.role } : {}),
      ...(query.isActive !== undefined ? { isActive: query.isActive } : {}),
    },
    query.page,
    query.limit,
  );
  return { items: rows.map(presentAdminUser), pagination: paginate(query.page, query.limit, total) };
}

export async function getAdminUser({ db }: AdminUsersDeps, id: string): Promise<AdminUser> {
  const row = await repo.findUser(db, id);
  if (!row) throw userNotFound();
  return presentAdminUser(row);
}

/**
 * Refuses what would leave the site without a working admin: an admin changing their own role or
 * active flag, and removing (demoting, deactivating, deleting) the last active admin. `admins`
 * are the active admins, locked by this transaction.
 */
function guardAdmins(
  admins: string[],
  actor: AuditActor,
  target: repo.AdminUserRow,
  change: { demote: boolean; deactivate: boolean; remove: boolean },
): void {
  const self = target.id === actor.id;
  if (self && change.remove) throw new AppError(409, 'ADMIN_SELF_DELETE', m.selfDelete);
  if (self && change.demote) throw new AppError(409, 'ADMIN_SELF_DEMOTE', m.selfDemote);
  if (self && change.deactivate) throw new AppError(409, 'ADMIN_SELF_DEACTIVATE', m.selfDeactivate);
  const removesAdmin =
    target.role === 'admin' && target.isActive && (change.demote || change.deactivate || change.remove);
  if (!removesAdmin) return;
  if (admins.filter((id) => id !== target.id).length === 0) throw new AppError(409, 'LAST_ADMIN', m.lastAdmin);
}

/**
 * The specification's edit modal: role and active flag. A deactivated account's sessions end in
 * the same transaction, and every instance forgets its cached sessions at the commit (ADR 016),
 * so its access tokens are refused on the very next request.
 */
export async function updateAdminUser(
  { db }: AdminUsersDeps,
  actor: AuditActor,
  id: string,
  input: AdminUserUpdate,
): Promise<AdminUser> {
  const updated = await db.transaction(async (tx) => {
    // The admins first, then the target, in every write: two writes never wait on each other in a circle.
    const admins = await repo.lockActiveAdmins(tx);
    const before = await repo.findUser(tx, id, { lock: true });
    if (!before) throw userNotFound();
    const role = input.role ?? before.role;
    const isActive = input.isActive ?? before.isActive;
    guardAdmins(admins, actor, before, {
      demote: before.role === 'admin' && role !== 'admin',
      deactivate: before.isActive && !isActive,
      remove: false,
    });
    if (role === before.role && isActive === before.isActive) return presentAdminUser(before);
    await repo.updateUserAccess(tx, id, { role, isActive });
    if (before.isActive && !isActive) await endAllSessions(tx, id, 'deactivated', new Date());
    const after = (await repo.findUser(tx, id))!;
    await recordAudit(tx, actor, {
      action: 'user.update',
      entityType: 'user',
      entityId: id,
      before: presentAdminUser(before),
      after: presentAdminUser(after),
    });
    await announceReadChange(tx, { kind: 'users', userIds: [id] });
    return presentAdminUser(after);
  });
  sessionCache.forgetUser(id);
  return updated;
}

/** Closes the account as its owner's own deletion does: gone at once, data purged after 30 days. */
export async function deleteAdminUser({ db }: AdminUsersDeps, actor: AuditActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const admins = await repo.lockActiveAdmins(tx);
    const before = await repo.findUser(tx, id, { lock: true });
    if (!before) throw userNotFound();
    guardAdmins(admins, actor, before, { demote: false, deactivate: false, remove: true });
    await closeAccount(tx, id, new Date());
    await recordAudit(tx, actor, {
      action: 'user.delete',
      entityType: 'user',
      entityId: id,
      before: presentAdminUser(before),
    });
    await announceReadChange(tx, { kind: 'users', userIds: [id] });
  });
  sessionCache.forgetUser(id);
}
