import { passwordMeetsPolicy, passwordPolicyFromSettings, passwordRuleMessage } from '@kiyasla/contracts/user';
import { type AuthSession, type LoginRequest, type RegisterRequest } from '@kiyasla/contracts/auth';
import { messages } from '@kiyasla/contracts/messages';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema/users';
import { AppError, badRequest, forbidden } from '../../lib/errors';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/password';
import {
  findSessionByTokenHash,
  findUserByEmail,
  findUserByProvider,
  insertUser,
  recordFailedLogin,
  recordSuccessfulLogin,
  revokeFamily,
  revokeUserSessions,
  updateUser,
} from './auth.repo';
import { sessionCache } from './session-cache';
import type { AuthContext } from './auth.context';
import { featureDisabled } from '../settings/feature-switches';
import type { SettingsService } from '../settings/settings.service';
import { isUniqueViolation } from './db-errors';
import { refreshSession, startSession, type ClientInfo } from './sessions.service';
import { hashToken } from './tokens';
import type { SocialProfile } from './social-providers';
import { accountLocked, ClientThrottle, clientThrottled } from './login-throttle';
import { queueVerificationMail } from './email-verification.service';

const MINUTE_MS = 60_000;

const invalidCredentials = () => new AppError(401, 'INVALID_CREDENTIALS', messages.auth.invalidCredentials);
const emailTaken = () => new AppError(409, 'EMAIL_TAKEN', messages.auth.emailTaken);

/** Applies the admin password policy; the message is the rule text of §5 for that policy. */
export async function assertPasswordPolicy(ctx: AuthContext, password: string, field = 'password'): Promise<void> {
  const policy = passwordPolicyFromSettings(await ctx.settings.group('security'));
  if (!passwordMeetsPolicy(password, policy)) {
    const message = passwordRuleMessage(policy);
    throw badRequest('WEAK_PASSWORD', message, [{ path: `body.${field}`, message }]);
  }
}

/**
 * E-mail registration; the route's policy has checked that registration is open. The account
 * and the e-mail with its verification link are written together (the address stays unverified
 * until the link is opened: email-verification.service).
 */
export async function register(ctx: AuthContext, input: RegisterRequest, client: ClientInfo): Promise<AuthSession> {
  await assertPasswordPolicy(ctx, input.password);
  if (await findUserByEmail(ctx.db, input.email)) throw emailTaken();

  const passwordHash = await hashPassword(input.password);
  const { siteName } = await ctx.settings.group('general');
  let user: UserRow;
  try {
    user = await ctx.db.transaction(async (tx) => {
      const created = await insertUser(tx, {
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
      });
      await queueVerificationMail(ctx, tx, created, siteName, new Date());
      return created;
    });
  } catch (err) {
    // Two registrations of one e-mail at the same instant: the unique index decides.
    if (isUniqueViolation(err, 'users_email_uq')) throw emailTaken();
    throw err;
  }
  ctx.mail.kick();
  return startSession(ctx, user, { remember: false, client });
}

/**
 * The current password asked again before a sensitive change (a new password, closing the
 * account), counted like a sign-in: a locked account is refused (423) before the password is
 * checked, and a wrong one is a failed attempt toward the lock — so a stolen session cannot try
 * passwords freely. Returns whether it was right; an empty one is the caller's validation matter.
 */
export async function checkCurrentPassword(
  deps: { db: Database; settings: SettingsService },
  user: UserRow,
  password: string,
): Promise<boolean> {
  const now = Date.now();
  if (user.lockedUntil && user.lockedUntil.getTime() > now) throw accountLocked(user.lockedUntil.getTime(), now);
  if (user.passwordHash && (await verifyPassword(user.passwordHash, password))) return true;
  const security = await deps.settings.group('security');
  const until = now + security.lockoutDuration * MINUTE_MS;
  const { locked: lockedNow } = await recordFailedLogin(deps.db, user.id, security.maxLoginAttempts, new Date(until));
  if (lockedNow) throw accountLocked(until, now);
  return false;
}

/**
 * E-mail + password sign-in (ADR 004). Wrong e-mail and wrong password get the same answer and
 * take the same time; unknown e-mails go through the same motions (PhantomLockouts), so neither
 * the answers nor the throttling reveal which e-mails have an account.
 *
 * Two brakes, both from the admin `maxLoginAttempts` / `lockoutDuration`:
 * - per account: that many failures from anywhere lock it for that long (423) — but not for a
 *   known device (a browser that signed in to it before, `knownDevice`), where the right
 *   password still signs in and clears the lock. A reset link clears it too.
 * - per account and client: that many failures from one client make that client wait, twice as
 *   long each round (429). A guesser slows itself down, not the owner.
 */
export async function login(
  ctx: AuthContext,
  input: LoginRequest,
  client: ClientInfo,
  knownDevice: (userId: string) => string | undefined = () => undefined,
): Promise<AuthSession> {
  const security = await ctx.settings.group('security');
  const now = Date.now();
  const lockMs = security.lockoutDuration * MINUTE_MS;
  const user = await findUserByEmail(ctx.db, input.email);
  const device = user ? knownDevice(user.id) : undefined;
  const clientKey = ClientThrottle.key(input.email, device ? `device:${device}` : `ip:${client.ip ?? ''}`);
  const clientFailed = () => {
    const waitUntil = ctx.clientThrottle.fail(clientKey, now, security.maxLoginAttempts, lockMs);
    if (waitUntil) throw clientThrottled(waitUntil, now);
  };

  if (!user) {
    const phantomUntil = ctx.phantomLockouts.lockedUntil(input.email, now);
    if (phantomUntil) throw accountLocked(phantomUntil, now);
    const waitUntil = ctx.clientThrottle.blockedUntil(clientKey, now);
    if (waitUntil) throw clientThrottled(waitUntil, now);
    await burnPasswordCheck(input.password);
    const lockedNow = ctx.phantomLockouts.fail(input.email, now, security.maxLoginAttempts, lockMs);
    if (lockedNow) {
      ctx.clientThrottle.fail(clientKey, now, security.maxLoginAttempts, lockMs);
      throw accountLocked(lockedNow, now);
    }
    clientFailed();
    throw invalidCredentials();
  }

  if (!device && user.lockedUntil && user.lockedUntil.getTime() > now) {
    throw accountLocked(user.lockedUntil.getTime(), now);
  }
  const waitUntil = ctx.clientThrottle.blockedUntil(clientKey, now);
  if (waitUntil) throw clientThrottled(waitUntil, now);

  const valid = user.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : await burnPasswordCheck(input.password);
  if (!valid) {
    const until = now + lockMs;
    const { locked: lockedNow } = await recordFailedLogin(ctx.db, user.id, security.maxLoginAttempts, new Date(until));
    if (lockedNow && !device) {
      ctx.clientThrottle.fail(clientKey, now, security.maxLoginAttempts, lockMs);
      throw accountLocked(until, now);
    }
    clientFailed();
    throw invalidCredentials();
  }
  ctx.clientThrottle.succeed(clientKey);
  // Only a caller who knows the password learns that the account is disabled.
  if (!user.isActive) throw forbidden('ACCOUNT_DISABLED', messages.auth.accountDisabled);

  const fresh = await recordSuccessfulLogin(ctx.db, user.id, new Date(now));
  return startSession(ctx, fresh, { remember: input.rememberMe ?? false, client });
}

/**
 * Sign-in with a verified Google or Facebook identity. Matching order: the provider id, then an
 * account with the same (provider-verified) e-mail, which gets linked; otherwise a new account —
 * unless `canRegister` is false (the admin switched registration off). Linking to an account whose e-mail was never verified
 * removes its password and ends its sessions: whoever set that password never proved they own
 * the address (account pre-hijacking), the provider just did.
 */
export async function socialLogin(
  ctx: AuthContext,
  profile: SocialProfile,
  opts: { remember: boolean; client: ClientInfo; canRegister: boolean },
): Promise<AuthSession> {
  const failed = profile.provider === 'google' ? messages.auth.googleFailed : messages.auth.facebookFailed;
  const now = new Date();
  let user = await findUserByProvider(ctx.db, profile.provider, profile.providerId);

  if (!user) {
    if (!profile.email) throw badRequest('SOCIAL_EMAIL_MISSING', messages.auth.facebookEmailMissing);
    if (!profile.emailVerified) {
      throw new AppError(401, 'SOCIAL_TOKEN_INVALID', `${failed}: ${messages.auth.googleEmailUnverified}`);
    }
    const providerColumn = profile.provider === 'google' ? 'googleId' : 'facebookId';
    const existing = await findUserByEmail(ctx.db, profile.email);
    if (existing) {
      user = await ctx.db.transaction(async (tx) => {
        if (!existing.emailVerified) await revokeUserSessions(tx, existing.id, 'social-link', now);
        return updateUser(tx, existing.id, {
          [providerColumn]: profile.providerId,
          emailVerified: true,
          ...(existing.emailVerified ? {} : { passwordHash: null, failedLoginCount: 0, lockedUntil: null }),
          ...(existing.avatarUrl ? {} : { avatarUrl: profile.picture }),
        });
      });
      sessionCache.forgetUser(existing.id);
    } else {
      if (!opts.canRegister) throw featureDisabled('enableRegistration');
      try {
        user = await insertUser(ctx.db, {
          email: profile.email,
          passwordHash: null,
          firstName: profile.firstName,
          lastName: profile.lastName,
          emailVerified: true,
          avatarUrl: profile.picture,
          [providerColumn]: profile.providerId,
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError(409, 'EMAIL_TAKEN', failed);
        throw err;
      }
    }
  }

  if (!user.isActive) throw forbidden('ACCOUNT_DISABLED', messages.auth.accountDisabled);
  const fresh = await recordSuccessfulLogin(ctx.db, user.id, now);
  return startSession(ctx, fresh, { remember: opts.remember, client: opts.client }, now);
}

export async function refresh(ctx: AuthContext, refreshToken: string, client: ClientInfo): Promise<AuthSession> {
  const security = await ctx.settings.group('security');
  return refreshSession(ctx, refreshToken, security.sessionTimeout, client);
}

/**
 * Ends the caller's session (the access token's family) and/or the family of a presented
 * refresh token. Idempotent: ending an ended session is not an error.
 */
export async function logout(ctx: AuthContext, opts: { sessionId?: string; refreshToken?: string }): Promise<void> {
  const now = new Date();
  if (opts.sessionId) await revokeFamily(ctx.db, opts.sessionId, 'logout', now);
  if (opts.refreshToken) {
    const row = await findSessionByTokenHash(ctx.db, hashToken(opts.refreshToken));
    if (row) await revokeFamily(ctx.db, row.familyId, 'logout', now);
  }
}
