import type { DeliveryChannel } from '../../../db/schema/notification-deliveries';
import type { NotificationData } from '../../../db/schema/notifications';
import type { ProductImage } from '../../../db/schema/products';

/** A claimed delivery with everything a channel needs to send it. */
export interface DeliveryTarget {
  deliveryId: number;
  channel: DeliveryChannel;
  attempts: number;
  notification: {
    id: string;
    type: 'price_drop' | 'price_alert' | 'system' | 'promotion';
    title: string;
    message: string;
    data: NotificationData | null;
  };
  user: {
    id: string;
    email: string;
    firstName: string;
    phone: string | null;
    phoneVerified: boolean;
  };
  product: { id: string; name: string; slug: string; images: ProductImage[] } | null;
}

export type SendResult = { status: 'sent' } | { status: 'skipped'; reason: string };

/** Sends one delivery. Throwing means "try again later"; a PermanentDeliveryError gives up at once. */
export type ChannelSender = (target: DeliveryTarget) => Promise<SendResult>;

export type ChannelSenders = Partial<Record<DeliveryChannel, ChannelSender>>;

/** A failure that retrying cannot fix (the address was refused for good, the payload is invalid). */
export class PermanentDeliveryError extends Error {}
