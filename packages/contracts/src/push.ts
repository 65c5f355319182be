import { z } from 'zod';

/** What the browser handed over is not a subscription: one message for any of its parts. */
const SUBSCRIPTION_INVALID = 'Bu tarayıcının bildirim aboneliği geçersiz.';
const endpoint = z.url(SUBSCRIPTION_INVALID).max(2000, SUBSCRIPTION_INVALID);

/** Web Push (issue 13): the browser's PushSubscription as `toJSON()` gives it. */
export const pushSubscriptionSchema = z.object({
  endpoint,
  expirationTime: z.number(SUBSCRIPTION_INVALID).nullable().optional(),
  keys: z.object(
    {
      // An uncompressed P-256 point (65 bytes) and a 16-byte secret, base64url.
      p256dh: z.string(SUBSCRIPTION_INVALID).regex(/^[A-Za-z0-9_-]{86,88}=*$/, SUBSCRIPTION_INVALID),
      auth: z.string(SUBSCRIPTION_INVALID).regex(/^[A-Za-z0-9_-]{21,24}=*$/, SUBSCRIPTION_INVALID),
    },
    SUBSCRIPTION_INVALID,
  ),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = z.object({ endpoint });

/** `publicKey` null: Web Push is not set up on this server. */
export const pushPublicKeySchema = z.object({ publicKey: z.string().nullable() });

/** What the service worker shows: the notification's title and text, and where a click leads. */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
  icon: z.string().optional(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

export const PUSH_ERROR_CODES = {
  endpointRefused: 'PUSH_ENDPOINT_REFUSED',
  notFound: 'PUSH_SUBSCRIPTION_NOT_FOUND',
} as const;

export const pushMessages = {
  subscriptionInvalid: SUBSCRIPTION_INVALID,
  subscribed: 'Anlık bildirimler bu tarayıcıda açıldı.',
  unsubscribed: 'Anlık bildirimler bu tarayıcıda kapatıldı.',
  endpointRefused: 'Bu tarayıcının bildirim adresi kabul edilmedi.',
  notFound: 'Bu tarayıcı için anlık bildirim aboneliği bulunamadı.',
  unsupported: 'Tarayıcınız anlık bildirimleri desteklemiyor.',
  denied: 'Bildirim izni verilmedi. İzni tarayıcınızın site ayarlarından açabilirsiniz.',
  failed: 'Anlık bildirimler açılamadı. Lütfen tekrar deneyin.',
} as const;
