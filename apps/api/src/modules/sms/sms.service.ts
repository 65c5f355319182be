import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  normalizeTurkishMobile,
  PHONE_CODE_LENGTH,
  PHONE_CODE_MAX_ATTEMPTS,
  PHONE_CODE_RESEND_SECONDS,
  PHONE_CODE_TTL_SECONDS,
  SMS_ERROR_CODES,
  smsMessages,
} from '@kiyasla/contracts/sms';
import type { Database } from '../../db/client';
import { AppError, badRequest } from '../../lib/errors';
import { sqlRows } from '../../lib/sql-rows';
import type { SmsProvider } from './sms-provider';

export interface SmsDeps {
  db: Database;
  provider: SmsProvider;
  siteName: () => Promise<string>;
}

const hashCode = (userId: string, code: string) => createHash('sha256').update(`${userId}:${code}`).digest('hex');

/** "+90 5XX XXX XX XX" for display. */
export function displayPhone(e164: string): string {
  const d = e164.slice(2);
  return `+90 ${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6, 8)} ${d.slice(8, 10)}`;
}

/**
 * Sends a verification code to the number (a Turkish mobile). The code is kept hashed for ten
 * minutes; a new one can be asked for after a minute. The number is the user's only once confirmed.
 */
export async function startPhoneVerification(deps: SmsDeps, userId: string, phoneInput: string): Promise<string> {
  const phone = normalizeTurkishMobile(phoneInput);
  if (!phone) throw badRequest(SMS_ERROR_CODES.phoneInvalid, smsMessages.phoneInvalid);
  const code = String(randomInt(0, 10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, '0');
  // One statement decides "too soon" and stores the code, so two quick requests send one SMS.
  const stored = sqlRows(
    await deps.db.execute(sql`
      insert into phone_verifications (user_id, phone, code_hash, attempts, expires_at, created_at)
      values (${userId}::uuid, ${phone}, ${hashCode(userId, code)}, 0,
              now() + make_interval(secs => ${PHONE_CODE_TTL_SECONDS}), now())
      on conflict (user_id) do update
         set phone = excluded.phone, code_hash = excluded.code_hash, attempts = 0,
             expires_at = excluded.expires_at, created_at = now()
       where phone_verifications.code_hash = ''
          or phone_verifications.created_at < now() - make_interval(secs => ${PHONE_CODE_RESEND_SECONDS})
      returning user_id`),
  );
  if (stored.length === 0) throw new AppError(429, SMS_ERROR_CODES.codeTooSoon, smsMessages.codeTooSoon);
  try {
    await deps.provider.send(phone, smsMessages.codeText(code, await deps.siteName()));
  } catch {
    // Let the user ask again at once: nothing reached them.
    await deps.db.execute(sql`delete from phone_verifications where user_id = ${userId}::uuid and code_hash <> ''`);
    throw new AppError(503, SMS_ERROR_CODES.sendFailed, smsMessages.sendFailed);
  }
  return displayPhone(phone);
}

/**
 * Confirms the code: the number becomes the user's verified phone. Every try counts (one
 * statement takes it), so at most PHONE_CODE_MAX_ATTEMPTS guesses per code, even in parallel.
 */
export async function confirmPhoneVerification(deps: SmsDeps, userId: string, code: string): Promise<string> {
  const [taken] = sqlRows<{ phone: string; code_hash: string }>(
    await deps.db.execute(sql`
      update phone_verifications set attempts = attempts + 1
       where user_id = ${userId}::uuid and code_hash <> '' and expires_at >= now()
         and attempts < ${PHONE_CODE_MAX_ATTEMPTS}
      returning phone, code_hash`),
  );
  if (!taken) {
    const [pending] = sqlRows<{ expired: boolean }>(
      await deps.db.execute(sql`
        select expires_at < now() as expired from phone_verifications
         where user_id = ${userId}::uuid and code_hash <> ''`),
    );
    if (pending && !pending.expired) {
      throw new AppError(429, SMS_ERROR_CODES.tooManyAttempts, smsMessages.tooManyAttempts);
    }
    throw badRequest(SMS_ERROR_CODES.codeExpired, smsMessages.codeExpired);
  }
  const given = Buffer.from(hashCode(userId, code));
  const expected = Buffer.from(taken.code_hash);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw badRequest(SMS_ERROR_CODES.codeInvalid, smsMessages.codeInvalid);
  }
  const display = displayPhone(taken.phone);
  await deps.db.transaction(async (tx) => {
    // Consumed: the row stays as the record of which number was verified.
    await tx.execute(
      sql`update phone_verifications set code_hash = '' where user_id = ${userId}::uuid and code_hash = ${taken.code_hash}`,
    );
    await tx.execute(
      sql`update users set phone = ${display}, phone_verified_at = now(), updated_at = now() where id = ${userId}::uuid`,
    );
  });
  return display;
}

export async function phoneStatus(deps: Pick<SmsDeps, 'db'>, userId: string) {
  const [row] = sqlRows<{ phone: string | null; verified_phone: string | null; verified_at: Date | null }>(
    await deps.db.execute(sql`
      select u.phone, v.phone as verified_phone, u.phone_verified_at as verified_at
        from users u left join phone_verifications v on v.user_id = u.id and v.code_hash = ''
       where u.id = ${userId}::uuid`),
  );
  const current = row?.phone ? normalizeTurkishMobile(row.phone) : null;
  return {
    phone: row?.phone ?? null,
    verified: Boolean(row?.verified_at && current && current === row.verified_phone),
  };
}
