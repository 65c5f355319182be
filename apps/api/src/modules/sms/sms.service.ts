import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  normalizeTurkishMobile,
  PHONE_CODE_LENGTH,
  PHONE_CODE_MAX_ATTEMPTS,
  PHONE_CODE_RESEND_SECONDS,
  PHONE_CODE_TTL_SECONDS,
  PHONE_CODES_PER_NUMBER_DAY,
  PHONE_CODES_PER_NUMBER_HOUR,
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

/**
 * Each code sent is an `analytics_events` row of this type, and the per-number cap counts them:
 * `phone_verifications` keeps only an account's latest code, so it cannot say how many a number got.
 */
const CODE_SENT_EVENT = 'phone_code_sent';

/** The number in those rows: a digest, not the number itself (the rows outlive the account). */
const numberDigest = (phone: string) => createHash('sha256').update(`phone-code:${phone}`).digest('hex');

/** "+90 5XX XXX XX XX" for display. */
export function displayPhone(e164: string): string {
  const d = e164.slice(2);
  return `+90 ${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6, 8)} ${d.slice(8, 10)}`;
}

/**
 * Sends a verification code to the number (a Turkish mobile). The code is kept hashed for ten
 * minutes; a new one can be asked for after a minute. A number gets at most
 * PHONE_CODES_PER_NUMBER_HOUR codes an hour and PHONE_CODES_PER_NUMBER_DAY a day, whichever
 * accounts ask (429 PHONE_NUMBER_CODE_LIMIT). The number is the user's only once confirmed.
 */
export async function startPhoneVerification(deps: SmsDeps, userId: string, phoneInput: string): Promise<string> {
  const phone = normalizeTurkishMobile(phoneInput);
  if (!phone) throw badRequest(SMS_ERROR_CODES.phoneInvalid, smsMessages.phoneInvalid);
  const code = String(randomInt(0, 10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, '0');
  const digest = numberDigest(phone);
  const sentEvent = await deps.db.transaction(async (tx) => {
    // The number's sends one at a time, whichever account asks: two parallel requests cannot both
    // count the same free slot (the lock is held until the send is recorded and committed).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`phone-code:${phone}`}, 0))`);
    const [sent] = sqlRows<{ hour: number; day: number }>(
      await tx.execute(sql`
        select count(*) filter (where created_at > now() - interval '1 hour')::int as hour,
               count(*)::int as day
          from analytics_events
         where type = ${CODE_SENT_EVENT} and created_at > now() - interval '1 day'
           and data ->> 'number' = ${digest}`),
    );
    if ((sent?.hour ?? 0) >= PHONE_CODES_PER_NUMBER_HOUR || (sent?.day ?? 0) >= PHONE_CODES_PER_NUMBER_DAY) {
      throw new AppError(429, SMS_ERROR_CODES.numberCodeLimit, smsMessages.numberCodeLimit);
    }
    // One statement decides "too soon" and stores the code, so two quick requests send one SMS.
    const stored = sqlRows(
      await tx.execute(sql`
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
    const [event] = sqlRows<{ id: string }>(
      await tx.execute(sql`
        insert into analytics_events (type, user_id, data)
        values (${CODE_SENT_EVENT}, ${userId}::uuid, ${JSON.stringify({ number: digest })}::jsonb)
        returning id::text as id`),
    );
    return event!.id;
  });
  try {
    await deps.provider.send(phone, smsMessages.codeText(code, await deps.siteName()));
  } catch {
    // Let the user ask again at once, and give the number its slot back: nothing reached them.
    await deps.db.transaction(async (tx) => {
      await tx.execute(sql`delete from phone_verifications where user_id = ${userId}::uuid and code_hash <> ''`);
      await tx.execute(sql`delete from analytics_events where id = ${sentEvent}::bigint`);
    });
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
