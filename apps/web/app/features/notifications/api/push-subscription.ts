import type { PushSubscriptionInput } from '@kiyasla/contracts/push';
import { apiRequest } from '~/lib/api-client';

/**
 * This browser's Web Push subscription: the service worker (/sw.js) is registered only here,
 * when the user turns push on, never on page load.
 */

export const SERVICE_WORKER_URL = '/sw.js';

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window &&
    window.isSecureContext
  );
}

function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/** The current subscription of this browser, if push was turned on here before. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export type EnablePushResult = 'subscribed' | 'denied' | 'unavailable';

/** Asks for permission, registers the service worker, subscribes and tells the server. */
export async function enablePush(): Promise<EnablePushResult> {
  if (!pushSupported()) return 'unavailable';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  const { data } = await apiRequest<{ publicKey: string | null }>('/push/public-key', { auth: false });
  if (!data.publicKey) return 'unavailable';
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: applicationServerKey(data.publicKey),
    }));
  await apiRequest('/push/subscriptions', {
    method: 'POST',
    json: subscription.toJSON() as PushSubscriptionInput,
  });
  return 'subscribed';
}

/** Unsubscribes this browser and forgets it on the server. */
export async function disablePush(): Promise<void> {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  await apiRequest('/push/subscriptions', { method: 'DELETE', json: { endpoint } }).catch(() => undefined);
}
