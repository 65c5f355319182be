import { PASSWORD_RESET_TTL_MINUTES, RESET_PASSWORD_PATH, type ResetPasswordRequest } from '@kiyasla/contracts/auth';
import { type ChangePasswordRequest } from '@kiyasla/contracts/account';
import { messages } from '@kiyasla/contracts/messages';
import { passwordResetMail } from '../../mail/templates/password-reset';
import { AppError, badRequest } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import {
  consumeResetToken,
  countRecentResetTokens,
  findUserByEmail,
  findUserById,
  insertResetToken,
  invalidateResetTokens,
  revokeUserSessions,
  updateUser,
} from './auth.repo';
import { sessionCache } from './session-cache';
import type { AuthContext } from './auth.context';
import { assertPasswordPolicy, checkCurrentPassword } from './auth.service';
import type { AuthUser } from './session-verifier';
import { hashToken, randomToken } from './tokens';

/** Reset e-mails per account and hour; more requests are accepted and silently dropped (no mail bombing). */
const RESET_REQUESTS_PER_HOUR = 3;

/**
 * Changes the caller's password. The current one is required when the account has one (social
 * accounts may set a first password without it). Every other session is ended; this one stays.
 */
export async function changePassword(ctx: AuthContext, caller: AuthUser, input: ChangePasswordRequest): Promise<void> {
  const user = caller.row;
  if (user.passwordHash) {
    if (!input.currentPassword || !(await checkCurrentPassword(ctx, user, input.currentPassword))) {
      throw badRequest('WRONG_PASSWORD', messages.auth.wrongPassword, [
        { path: 'body.currentPassword', message: messages.auth.wrongPassword },
      ]);
    }
    if (input.currentPassword === input.newPassword) {
      throw badRequest('PASSWORD_UNCHANGED', messages.auth.passwordUnchanged, [
        { path: 'body.newPassword', message: messages.auth.passwordUnchanged },
      ]);
    }
  }
  await assertPasswordPolicy(ctx, input.newPassword, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    await updateUser(tx, user.id, { passwordHash, failedLoginCount: 0, lockedUntil: null });
    await revokeUserSessions(tx, user.id, 'password', now, caller.sessionId);
  });
  sessionCache.forgetUser(user.id);
}

/**
 * Starts a reset: for a live account, a single-use token (stored as its SHA-256) valid for one
 * hour is e-mailed through the outbox; older links of the account stop working. The caller gets
 * the same answer whether or not the e-mail is registered.
 */
export async function requestPasswordReset(ctx: AuthContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user || !user.isActive) return;
  const now = new Date();
  const hourAgo = new Date(now.getTime() - 3_600_000);
  if ((await countRecentResetTokens(ctx.db, user.id, hourAgo)) >= RESET_REQUESTS_PER_HOUR) {
    ctx.log.info({ userId: user.id }, 'password reset requested too often; no mail sent');
    return;
  }
  const token = randomToken();
  const link = `${ctx.config.publicUrl}${RESET_PASSWORD_PATH}?token=${encodeURIComponent(token)}`;
  const { siteName } = await ctx.settings.group('general');
  await ctx.db.transaction(async (tx) => {
    await invalidateResetTokens(tx, user.id, now);
    await insertResetToken(tx, {
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000),
      now,
    });
    await ctx.mail.enqueue(
      tx,
      'email.password-reset',
      passwordResetMail({
        to: user.email,
        firstName: user.firstName,
        link,
        validMinutes: PASSWORD_RESET_TTL_MINUTES,
        siteName,
      }),
    );
  });
  ctx.mail.kick();
}

/**
 * Completes a reset: the token is consumed exactly once, the password replaced, the lockout
 * cleared, the e-mail marked verified (the mailbox owner just proved control) and every session
 * ended. A bad, used or expired token changes nothing (400 RESET_TOKEN_INVALID).
 */
export async function resetPassword(ctx: AuthContext, input: ResetPasswordRequest): Promise<void> {
  await assertPasswordPolicy(ctx, input.password);
  const passwordHash = await hashPassword(input.password);
  const now = new Date();
  const resetUserId = await ctx.db.transaction(async (tx) => {
    const userId = await consumeResetToken(tx, hashToken(input.token), now);
    const user = userId ? await findUserById(tx, userId) : undefined;
    if (!user) return undefined;
    await updateUser(tx, user.id, { passwordHash, failedLoginCount: 0, lockedUntil: null, emailVerified: true });
    await revokeUserSessions(tx, user.id, 'reset', now);
    return user.id;
  });
  if (resetUserId) sessionCache.forgetUser(resetUserId);
  else throw new AppError(400, 'RESET_TOKEN_INVALID', messages.auth.resetTokenInvalid);
}
