import { sql } from 'drizzle-orm';
import { normalizeTurkishMobile } from '@kiyasla/contracts/sms';
import type { Database } from '../../db/client';
import { sqlRows } from '../../lib/sql-rows';
import type { ChannelSender } from '../notifications/deliveries/types';
import type { SmsProvider } from './sms-provider';

const MAX_SMS_TEXT = 300;

/**
 * SMS copies of notifications, only to a verified number: the one the user confirmed with a
 * code, and still the number on the profile (a number changed afterwards is not verified).
 */
export function smsSender(deps: { db: Database; provider: SmsProvider; publicUrl: string }): ChannelSender {
  return async (target) => {
    const [verified] = sqlRows<{ phone: string }>(
      await deps.db.execute(sql`
        select v.phone from phone_verifications v join users u on u.id = v.user_id
         where v.user_id = ${target.user.id}::uuid and u.phone_verified_at is not null and v.code_hash = ''`),
    );
    const current = target.user.phone ? normalizeTurkishMobile(target.user.phone) : null;
    if (!verified || !target.user.phoneVerified || current !== verified.phone) {
      return { status: 'skipped', reason: 'no verified phone number' };
    }
    const link = target.product ? ` ${deps.publicUrl}/product/${target.product.id}` : '';
    const text = `${target.notification.title}: ${target.notification.message}`.slice(0, MAX_SMS_TEXT - link.length);
    await deps.provider.send(verified.phone, `${text}${link}`);
    return { status: 'sent' };
  };
}
