import {
  EMAIL_VERIFICATION_DAILY_LIMIT,
  EMAIL_VERIFICATION_ERROR_CODES as CODES,
  EMAIL_VERIFICATION_RESEND_SECONDS,
  EMAIL_VERIFICATION_TTL_HOURS,
  VERIFY_EMAIL_PATH,
  type EmailVerificationStatus,
  type VerificationResent,
} from '@kiyasla/contracts/email-verification';
import { messages } from '@kiyasla/contracts/messages';
import type { Transaction } from '../../db/client';
import type { UserRow } from '../../db/schema/users';
import { emailVerificationMail } from '../../mail/templates/email-verification';
import { AppError, badRequest } from '../../lib/errors';
import { updateUser } from './auth.repo';
import type { AuthContext } from './auth.context';
import {
  findVerificationToken,
  insertVerificationToken,
  lockUser,
  markVerificationTokenUsed,
  supersedeVerificationTokens,
  verificationTokenTimes,
} from './email-verification.repo';
import { RetryLaterError } from './login-throttle';
import { sessionCache } from './session-cache';
import type { AuthUser } from './session-verifier';
import { hashToken, randomToken } from './tokens';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const alreadyVerified = () => new AppError(409, CODES.alreadyVerified, messages.auth.emailAlreadyVerified);
const invalidLink = () => badRequest(CODES.invalid, messages.auth.verificationTokenInvalid);

/**
 * Writes a new verification link for the account's current address and its e-mail into the
 * outbox, inside the caller's transaction (the registration, a resend): the account's older links
 * stop working. The caller reads `siteName` before the transaction and kicks the outbox after it.
 */
export async function queueVerificationMail(
  ctx: AuthContext,
  tx: Transaction,
  user: Pick<UserRow, 'id' | 'email' | 'firstName'>,
  siteName: string,
  now: Date,
): Promise<void> {
  const token = randomToken();
  const link = `${ctx.config.publicUrl}${VERIFY_EMAIL_PATH}?token=${encodeURIComponent(token)}`;
  await supersedeVerificationTokens(tx, user.id, now);
  await insertVerificationToken(tx, {
    userId: user.id,
    email: user.email,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + EMAIL_VERIFICATION_TTL_HOURS * HOUR_MS),
    now,
  });
  await ctx.mail.enqueue(
    tx,
    'email.verify-email',
    emailVerificationMail({
      to: user.email,
      firstName: user.firstName,
      link,
      validHours: EMAIL_VERIFICATION_TTL_HOURS,
      siteName,
    }),
  );
}

/**
 * Confirms the address a link was mailed to. Refused (400) when the link is unknown or used
 * (EMAIL_VERIFICATION_INVALID), replaced by a newer one (…_SUPERSEDED), expired (…_EXPIRED), or
 * sent to an address the account no longer has (…_EMAIL_CHANGED). Idempotent: any link of an
 * account whose current address is verified answers `already-verified` (a second click, a mail
 * scanner that opened it first), not an error.
 *
 * The account's row is locked before the link's, as a resend does, so the two take turns.
 */
export async function confirmEmail(ctx: AuthContext, token: string): Promise<EmailVerificationStatus> {
  const tokenHash = hashToken(token);
  const now = new Date();
  const first = await findVerificationToken(ctx.db, tokenHash);
  if (!first) throw invalidLink();
  const status = await ctx.db.transaction(async (tx): Promise<EmailVerificationStatus> => {
    const user = await lockUser(tx, first.userId);
    const link = await findVerificationToken(tx, tokenHash, true);
    if (!user || !link) throw invalidLink();
    if (user.email !== link.email) {
      throw badRequest(CODES.emailChanged, messages.auth.verificationEmailChanged);
    }
    if (user.emailVerified) return 'already-verified';
    if (link.usedAt) throw invalidLink();
    if (link.supersededAt) throw badRequest(CODES.superseded, messages.auth.verificationTokenSuperseded);
    if (link.expiresAt.getTime() <= now.getTime()) {
      throw badRequest(CODES.expired, messages.auth.verificationTokenExpired);
    }
    await markVerificationTokenUsed(tx, link.id, now);
    await updateUser(tx, user.id, { emailVerified: true });
    return 'verified';
  });
  // The session cache may hold the row read before the commit.
  sessionCache.forgetUser(first.userId);
  return status;
}

/**
 * Mails the signed-in member a new verification link: at most one a minute and
 * EMAIL_VERIFICATION_DAILY_LIMIT in 24 hours (the registration's included), else 429
 * EMAIL_VERIFICATION_RATE_LIMITED with Retry-After. The limits are counted under the account's
 * row lock, so two requests at once cannot both take the last slot. 409 EMAIL_ALREADY_VERIFIED
 * once the address is verified.
 */
export async function resendVerificationEmail(ctx: AuthContext, caller: AuthUser): Promise<VerificationResent> {
  if (caller.row.emailVerified) throw alreadyVerified();
  const { siteName } = await ctx.settings.group('general');
  const now = new Date();
  const email = await ctx.db.transaction(async (tx) => {
    const user = await lockUser(tx, caller.row.id);
    if (!user) throw invalidLink();
    if (user.emailVerified) throw alreadyVerified();
    const recent = await verificationTokenTimes(tx, user.id, new Date(now.getTime() - DAY_MS));
    const last = recent.at(-1);
    const nextAt = last ? last.getTime() + EMAIL_VERIFICATION_RESEND_SECONDS * 1000 : 0;
    if (nextAt > now.getTime()) {
      const seconds = Math.max(1, Math.ceil((nextAt - now.getTime()) / 1000));
      throw new RetryLaterError(429, CODES.rateLimited, messages.auth.verificationResendTooSoon(seconds), seconds);
    }
    if (recent.length >= EMAIL_VERIFICATION_DAILY_LIMIT) {
      // The oldest of the last DAILY_LIMIT links leaves the 24-hour window first.
      const oldest = recent[recent.length - EMAIL_VERIFICATION_DAILY_LIMIT]!;
      const waitMs = Math.max(1000, oldest.getTime() + DAY_MS - now.getTime());
      throw new RetryLaterError(
        429,
        CODES.rateLimited,
        messages.auth.verificationDailyLimit(EMAIL_VERIFICATION_DAILY_LIMIT, Math.ceil(waitMs / HOUR_MS)),
        Math.ceil(waitMs / 1000),
      );
    }
    await queueVerificationMail(ctx, tx, user, siteName, now);
    return user.email;
  });
  ctx.mail.kick();
  return { email, resendAfterSeconds: EMAIL_VERIFICATION_RESEND_SECONDS };
}
