/* global self */
/*
 * Kıyasla service worker: shows Web Push notifications (price alerts, price drops) and opens the
 * page a notification is about when it is clicked. Registered only when the user turns on
 * "Anlık bildirimler" in Bildirimler → Ayarlar; it handles no fetches (no offline cache).
 */
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' ? data.title : 'Kıyasla';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      icon: typeof data.icon === 'string' ? data.icon : '/favicon.svg',
      badge: '/favicon.svg',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      lang: 'tr',
      data: { url: typeof data.url === 'string' && data.url.startsWith('/') ? data.url : '/notifications' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? '/notifications', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const w of windows) {
        if (w.url === url && 'focus' in w) return w.focus();
      }
      return self.clients.openWindow(url);
    }),
  );
});
