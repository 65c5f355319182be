import webpush from 'web-push';
import type { AppConfig, VapidConfig } from '../../config';

let ephemeral: VapidConfig | null = null;

/**
 * The server's VAPID keys: from the configuration (VAPID_* or the pair kept in DATA_DIR, see
 * config.ts), null when push is off; a test configuration without them gets one pair per process.
 */
export function vapidKeys(config: Pick<AppConfig, 'vapid'>): VapidConfig | null {
  if (config.vapid !== undefined) return config.vapid;
  ephemeral ??= { ...webpush.generateVAPIDKeys(), subject: 'mailto:no-reply@kiyasla.test' };
  return ephemeral;
}
