import type { FastifyInstance } from 'fastify';
import { registerNotificationDeliveries } from '../../../jobs/notification-deliveries';
import { registerWeeklySummary } from '../../../jobs/weekly-summary';
import { pushSender } from '../../push/push-sender';
import { vapidKeys } from '../../push/vapid';
import { createSmsProvider } from '../../sms/sms-provider';
import { smsSender } from '../../sms/sms-sender';
import { emailSender } from './email-sender';
import type { ChannelSenders } from './types';

/** The channel senders of this server, from its configuration. */
export function channelSenders(app: FastifyInstance): ChannelSenders {
  const vapid = vapidKeys(app.config);
  return {
    email: emailSender({
      transport: app.mail.transport,
      settings: app.settings,
      publicUrl: app.config.publicUrl,
      jwtSecret: app.config.jwtSecret,
    }),
    sms: smsSender({
      db: app.dbHandle.db,
      provider: createSmsProvider(app.config.sms, app.log),
      publicUrl: app.config.publicUrl,
    }),
    ...(vapid
      ? {
          push: pushSender({
            db: app.dbHandle.db,
            vapid,
            publicUrl: app.config.publicUrl,
            log: app.log,
            allow: app.config.push?.fetchAllow ?? [],
          }),
        }
      : {}),
  };
}

/** Starts this instance's deliveries worker (e-mail, Web Push, SMS copies of notifications) and the weekly summary. */
export function registerNotificationChannels(app: FastifyInstance): void {
  let senders: ChannelSenders | null = null;
  registerNotificationDeliveries(app, () => (senders ??= channelSenders(app)));
  registerWeeklySummary(app);
}
