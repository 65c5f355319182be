import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TOPIC_CHANNEL_KEYS, type NotificationTopic } from '@kiyasla/contracts/notification-settings';
import { updateNotificationSettings } from '../account/profile.service';
import { sql } from 'drizzle-orm';
import { sqlRows } from '../../lib/sql-rows';
import { TOPIC_LABELS } from './deliveries/email-sender';
import { verifyUnsubscribeToken } from './unsubscribe';
import { escapeHtml } from '../../lib/html';

function page(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="tr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} – Kıyasla</title>
<style>body{font-family:system-ui,Arial,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#111;background:#fff}@media (prefers-color-scheme:dark){body{color:#eee;background:#111}}button{font:inherit;padding:.6rem 1.2rem;border:0;border-radius:.5rem;background:#4f46e5;color:#fff;cursor:pointer}a{color:#4f46e5}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}<p><a href="/">Kıyasla ana sayfasına dönün</a></p></main></body></html>`,
    );
}

const query = z.object({ token: z.string().max(300).default('') });

/** Turns the topic's e-mail channel off. False when the account no longer exists. */
async function unsubscribe(app: FastifyInstance, userId: string, topic: NotificationTopic): Promise<boolean> {
  const db = app.dbHandle.db;
  const [user] = sqlRows(await db.execute(sql`select 1 from users where id = ${userId}::uuid and deleted_at is null`));
  if (!user) return false;
  await updateNotificationSettings(db, userId, { [TOPIC_CHANNEL_KEYS[topic]]: { email: false } });
  return true;
}

/**
 * The one-click unsubscribe of notification e-mails (RFC 8058), without signing in: GET shows a
 * page with a button (a link scanner following the GET must not unsubscribe anyone), POST — the
 * button, or a mail client's one-click request with `List-Unsubscribe=One-Click` — turns that
 * topic's e-mail off.
 */
export async function unsubscribeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Mail clients post a form (RFC 8058: urlencoded or multipart); the body carries nothing we need.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_req, _body, done) => done(null, {}));
  }
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const invalid = (reply: FastifyReply) =>
    page(
      reply,
      400,
      'Bağlantı geçersiz',
      '<p>Bu abonelikten çıkma bağlantısı geçersiz. Bildirim tercihlerinizi oturum açarak <a href="/notifications">Bildirimler → Ayarlar</a> sayfasından değiştirebilirsiniz.</p>',
    );

  r.get('/notifications/unsubscribe', { schema: { hide: true, querystring: query } }, async (req, reply) => {
    const claim = verifyUnsubscribeToken(app.config.jwtSecret, req.query.token);
    if (!claim) return invalid(reply);
    const label = TOPIC_LABELS[claim.topic];
    return page(
      reply,
      200,
      'E-posta aboneliği',
      `<p>"${escapeHtml(label)}" e-postalarını artık almak istemiyor musunuz?</p>
<form method="post" action="/api/notifications/unsubscribe?token=${encodeURIComponent(req.query.token)}"><button type="submit">Abonelikten Çık</button></form>
<p>Uygulama içi bildirimleriniz sürer.</p>`,
    );
  });

  r.post('/notifications/unsubscribe', { schema: { hide: true, querystring: query } }, async (req, reply) => {
    const claim = verifyUnsubscribeToken(app.config.jwtSecret, req.query.token);
    if (!claim || !(await unsubscribe(app, claim.userId, claim.topic))) return invalid(reply);
    return page(
      reply,
      200,
      'Abonelikten çıktınız',
      `<p>"${escapeHtml(TOPIC_LABELS[claim.topic])}" e-postaları artık gönderilmeyecek. Tercihlerinizi istediğiniz zaman <a href="/notifications">Bildirimler → Ayarlar</a> sayfasından değiştirebilirsiniz.</p>`,
    );
  });
}
