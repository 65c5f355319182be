import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountOverviewSchema,
  accountSessionSchema,
  deleteAccountRequestSchema,
  paymentRecordSchema,
  updateDetailsRequestSchema,
} from '@kiyasla/contracts/account';
import { notificationSettingsSchema, notificationSettingsUpdateSchema } from '@kiyasla/contracts/notification-settings';
import { privacySettingsSchema, privacySettingsUpdateSchema } from '@kiyasla/contracts/privacy';
import { userSchema } from '@kiyasla/contracts/user';
import { okEnvelope } from '@kiyasla/contracts/envelope';
import { messages } from '@kiyasla/contracts/messages';
import { ok } from '../../lib/reply';
import { currentUser, requireUser } from '../../plugins/policies';
import {
  authErrorResponses as errors,
  authRouteDefaults,
  bearerSecurity as bearer,
  emptyReply as empty,
  signInLimit,
} from '../auth/route-defaults';
import { deleteAccount, exportAccount, listActiveSessions, listPayments } from './account.service';
import { getAccountOverview } from './overview.service';
import {
  getAvatar,
  getNotificationSettings,
  getPrivacySettings,
  updateDetails,
  updateNotificationSettings,
  updatePrivacySettings,
} from './profile.service';

/**
 * /api/auth/* of the signed-in user's own account: profile and avatar, notification and privacy
 * settings, the read models of the profile tabs (overview, sessions, payments), the KVKK export
 * and account deletion. Every route but the avatar files needs a session.
 */
export async function accountRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.dbHandle.db;
  authRouteDefaults(app);

  r.put(
    '/auth/update-details',
    {
      onRequest: requireUser,
      // A 5 MB picture is ~6.7 MB as base64; leave room so oversized uploads get the §5 message.
      bodyLimit: 16 * 1024 * 1024,
      config: { payloadTooLarge: { code: 'AVATAR_TOO_LARGE', message: messages.auth.avatarTooLarge } },
      schema: {
        tags: ['account'],
        summary: 'Profil bilgilerini ve profil resmini günceller (e-posta değiştirilemez)',
        security: bearer,
        body: updateDetailsRequestSchema,
        response: { 200: okEnvelope(userSchema), ...errors },
      },
    },
    async (req) => ok(await updateDetails(db, currentUser(req), req.body), { message: messages.auth.profileUpdated }),
  );

  r.get(
    '/auth/avatars/:file',
    {
      schema: {
        // A picture for <img>, not an API operation: left out of the OpenAPI document.
        hide: true,
        tags: ['account'],
        summary: 'Yüklenen profil resmi (<id>.<uzantı>); değişmez, uzun süre önbelleğe alınabilir',
        params: z.object({ file: z.string().max(60) }),
      },
    },
    async (req, reply) => {
      const avatar = await getAvatar(db, req.params.file);
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .type(avatar.contentType)
        .send(avatar.data);
    },
  );

  r.get(
    '/auth/notification-settings',
    {
      onRequest: requireUser,
      schema: {
        tags: ['account'],
        summary: 'Bildirim tercihleri (kayıt yoksa varsayılanlar)',
        security: bearer,
        response: { 200: okEnvelope(notificationSettingsSchema), ...errors },
      },
    },
    async (req) => ok(await getNotificationSettings(db, currentUser(req).id)),
  );

  r.put(
    '/auth/notification-settings',
    {
      onRequest: requireUser,
      schema: {
        tags: ['account'],
        summary: 'Bildirim tercihlerini kısmen günceller (kanal nesneleri ve sessiz saatler birleştirilir)',
        security: bearer,
        body: notificationSettingsUpdateSchema,
        response: { 200: okEnvelope(notificationSettingsSchema), ...errors },
      },
    },
    async (req) =>
      ok(await updateNotificationSettings(db, currentUser(req).id, req.body), {
        message: messages.auth.settingsUpdated,
      }),
  );

  r.get(
    '/auth/privacy-settings',
    {
      onRequest: requireUser,
      schema: {
        tags: ['account'],
        summary: 'Gizlilik tercihleri (profileVisibility, activitySharing)',
        security: bearer,
        response: { 200: okEnvelope(privacySettingsSchema), ...errors },
      },
    },
    async (req) => ok(await getPrivacySettings(db, currentUser(req).id)),
  );

  r.put(
    '/auth/privacy-settings',
    {
      onRequest: requireUser,
      schema: {
        tags: ['account'],
        summary: 'Gizlilik tercihlerini günceller',
        security: bearer,
        body: privacySettingsUpdateSchema,
        response: { 200: okEnvelope(privacySettingsSchema), ...errors },
      },
    },
    async (req) =>
      ok(await updatePrivacySettings(db, currentUser(req).id, req.body), { message: messages.auth.settingsUpdated }),
  );

  r.get(
    '/auth/overview',
    {
      onRequest: requireUser,
      schema: {
        tags: ['account'],
        summary: 'Profilin Aktivite ve Başarılar sekmeleri: sayılar, kazanılan tutar ve en yeni etkinlikler',
        security: bearer,
        response: { 200: okEnvelope(accountOverviewSchema), ...errors },
      },
    },
    async (req) => ok(await getAccountOverview(db, currentUser(req))),
  );

  r.get(
    '/auth/sessions',
    {
      onRequest: requireUser,
      schema: {
        tags: ['account'],
        summary: 'Hesabın etkin oturumları (oturum açılmış cihazlar); bu isteğin oturumu current=true',
        security: bearer,
        response: { 200: okEnvelope(z.array(accountSessionSchema)), ...errors },
      },
    },
    async (req) => ok(await listActiveSessions(db, currentUser(req))),
  );

  r.get(
    '/auth/payments',
    {
      onRequest: requireUser,
      schema: {
        tags: ['account'],
        summary: 'Hesabın premium ödemeleri, en yeni önce (tutarlar TL)',
        security: bearer,
        response: { 200: okEnvelope(z.array(paymentRecordSchema)), ...errors },
      },
    },
    async (req) => ok(await listPayments(db, currentUser(req).id)),
  );

  r.delete(
    '/auth/account',
    {
      onRequest: requireUser,
      config: signInLimit(app),
      schema: {
        tags: ['account'],
        summary: 'Hesabı siler: tüm oturumlar kapanır, kişisel veriler 30 gün sonra kalıcı olarak silinir',
        security: bearer,
        body: deleteAccountRequestSchema.nullish(),
        response: { 200: empty, ...errors },
      },
    },
    async (req) => {
      await deleteAccount({ db, settings: app.settings }, currentUser(req), req.body ?? {});
      return ok(null, { message: messages.auth.accountDeleted });
    },
  );

  r.get(
    '/auth/export',
    {
      onRequest: requireUser,
      schema: {
        tags: ['account'],
        summary: 'Kişisel verilerin tamamı, indirilebilir JSON dosyası olarak (KVKK erişim hakkı)',
        security: bearer,
      },
    },
    async (req, reply) => {
      const data = await exportAccount(db, currentUser(req));
      const day = data.generatedAt.slice(0, 10);
      return reply
        .header('content-disposition', `attachment; filename="kiyasla-verilerim-${day}.json"`)
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(data, null, 2));
    },
  );
}
