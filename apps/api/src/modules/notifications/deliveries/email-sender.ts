import type { NotificationTopic } from '@kiyasla/contracts/notification-settings';
import { notificationMail } from '../../../mail/templates/notification';
import type { MailTransport } from '../../../mail/transport';
import type { SettingsService } from '../../settings/settings.service';
import { unsubscribeUrl } from '../unsubscribe';
import { TYPE_TOPIC, type NotificationKind } from './schedule';
import type { ChannelSender, DeliveryTarget } from './types';

/** What the unsubscribe line of an e-mail names (the labels of the Ayarlar tab). */
export const TOPIC_LABELS: Record<NotificationTopic, string> = {
  price_target: 'Fiyat alarmları',
  price_drop: 'Favorilerde fiyat düşüşü',
  new_products: 'Yeni ürünler',
  system_updates: 'Sistem duyuruları',
  promotions: 'Kampanyalar',
  weekly_summary: 'Haftalık özet',
};

export interface EmailSenderDeps {
  transport: MailTransport;
  settings: Pick<SettingsService, 'group'>;
  publicUrl: string;
  jwtSecret: string;
}

function absolute(publicUrl: string, url: string): string {
  return /^https?:\/\//i.test(url) ? url : `${publicUrl}${url.startsWith('/') ? '' : '/'}${url}`;
}

export function productImageUrl(publicUrl: string, product: DeliveryTarget['product']): string | null {
  const image = product?.images.find((i) => i.isPrimary) ?? product?.images[0];
  return image?.url ? absolute(publicUrl, image.url) : null;
}

/** E-mail copies of notifications, sent through the server's mail transport (SMTP_URL). */
export function emailSender(deps: EmailSenderDeps): ChannelSender {
  return async (target) => {
    const email = await deps.settings.group('email');
    if (!email.enableEmailNotifications) return { status: 'skipped', reason: 'e-mail notifications switched off' };
    const { siteName } = await deps.settings.group('general');
    const topic = TYPE_TOPIC[target.notification.type as NotificationKind];
    const data = target.notification.data ?? {};
    const product = target.product
      ? {
          name: target.product.name,
          url: absolute(deps.publicUrl, `/product/${target.product.id}`),
          imageUrl: productImageUrl(deps.publicUrl, target.product),
        }
      : undefined;
    await deps.transport.send(
      notificationMail({
        to: target.user.email,
        firstName: target.user.firstName,
        siteName,
        title: target.notification.title,
        message: target.notification.message,
        product,
        oldPrice: typeof data.oldPrice === 'number' ? data.oldPrice : null,
        newPrice: typeof data.newPrice === 'number' ? data.newPrice : null,
        notificationsUrl: `${deps.publicUrl}/notifications`,
        unsubscribeUrl: unsubscribeUrl(deps.publicUrl, deps.jwtSecret, target.user.id, topic),
        topicLabel: TOPIC_LABELS[topic],
      }),
    );
    return { status: 'sent' };
  };
}
