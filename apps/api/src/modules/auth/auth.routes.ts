import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authSessionSchema,
  facebookLoginRequestSchema,
  forgotPasswordRequestSchema,
  googleLoginRequestSchema,
  loginRequestSchema,
  logoutRequestSchema,
  refreshRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
} from '@kiyasla/contracts/auth';
import {
  changePasswordRequestSchema,
  deleteAccountRequestSchema,
  updateDetailsRequestSchema,
} from '@kiyasla/contracts/account';
import { notificationSettingsSchema, notificationSettingsUpdateSchema } from '@kiyasla/contracts/notification-settings';
import { privacySettingsSchema, privacySettingsUpdateSchema } from '@kiyasla/contracts/privacy';
import { userSchema } from '@kiyasla/contracts/user';
import { errorEnvelopeSchema, okEnvelope } from '@kiyasla/contracts/envelope';
import { messages } from '@kiyasla/contracts/messages';
import { AppError, forbidden } from '../../lib/errors';
import { ok } from '../../lib/reply';
import { currentUser, optionalUser, requireUser } from '../../plugins/auth';
import { deleteAccount, exportAccount } from './account.service';
import { clientInfo, createAuthContext } from './auth.context';
import { login, logout, refresh, register, socialLogin } from './auth.service';
import { changePassword, requestPasswordReset, resetPassword } from './password.service';
import {
  getAvatar,
  getNotificationSettings,
  getPrivacySettings,
  updateDetails,
  updateNotificationSettings,
  updatePrivacySettings,
} from './profile.service';
import { presentUser } from './user.presenter';

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  413: errorEnvelopeSchema,
  423: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
  503: errorEnvelopeSchema,
};
const bearer = [{ bearerAuth: [] }];
const empty = okEnvelope(z.null());

/**
 * /api/auth/*: sign-in (password, Google, Facebook), sessions (refresh, logout), the profile,
 * notification and privacy settings, password change and reset, account deletion and export.
 * Routes stay thin: schema → policy → service.
 */
export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = createAuthContext(app);
  const db = ctx.db;

  // Responses carry tokens and personal data: never cached by browsers or proxies.
  app.addHook('onSend', async (req, reply) => {
    if (!req.url.startsWith('/api/auth/avatars/')) reply.header('cache-control', 'no-store');
  });

  // Turn schema failures into the rule's own message (e.g. the name rule of §5) instead of a
  // generic one; everything else goes on to the app's error handler.
  app.setErrorHandler((err: FastifyError, req) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields = err.validation.map((v) => ({
        path: [err.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join('.'),
        message: v.message ?? messages.generic.validation,
      }));
      throw new AppError(400, 'VALIDATION_ERROR', fields[0]?.message ?? messages.generic.validation, fields);
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' && req.routeOptions.url === '/api/auth/update-details') {
      throw new AppError(413, 'AVATAR_TOO_LARGE', messages.auth.avatarTooLarge);
    }
    throw err;
  });

  /** Per-IP limit on the endpoints that take credentials (on top of the per-account lockout). */
  const signInLimit = (factor = 1) => ({
    rateLimit: {
      max: app.config.authRateLimitMax * factor,
      timeWindow: '1 minute',
      errorResponseBuilder: () => new AppError(429, 'RATE_LIMITED', messages.auth.loginRateLimited),
    },
  });

  const socialEnabled = async () => {
    const features = await ctx.settings.group('features');
    if (!features.enableSocialLogin) throw forbidden('SOCIAL_LOGIN_DISABLED', messages.auth.socialLoginDisabled);
  };

  r.post(
    '/auth/register',
    {
      config: signInLimit(),
      schema: {
        tags: ['auth'],
        summary: 'E-posta ile kayıt; başarıda oturum açılır (201)',
        body: registerRequestSchema,
        response: { 201: okEnvelope(authSessionSchema), ...errors },
      },
    },
    async (req, reply) => {
      const session = await register(ctx, req.body, clientInfo(req));
      return reply.status(201).send(ok(session, { message: messages.auth.registerSuccess }));
    },
  );

  r.post(
    '/auth/login',
    {
      config: signInLimit(),
      schema: {
        tags: ['auth'],
        summary: 'E-posta ve şifre ile giriş',
        body: loginRequestSchema,
        response: { 200: okEnvelope(authSessionSchema), ...errors },
      },
    },
    async (req) => ok(await login(ctx, req.body, clientInfo(req)), { message: messages.auth.loginSuccess }),
  );

  r.post(
    '/auth/google',
    {
      config: signInLimit(),
      schema: {
        tags: ['auth'],
        summary: 'Google ID token ile giriş (imza, audience, issuer ve süre doğrulanır)',
        body: googleLoginRequestSchema,
        response: { 200: okEnvelope(authSessionSchema), ...errors },
      },
    },
    async (req) => {
      await socialEnabled();
      if (!ctx.google) throw forbidden('SOCIAL_LOGIN_NOT_CONFIGURED', messages.auth.googleNotConfigured);
      const token = req.body.credential ?? req.body.tokenId ?? '';
      const profile = await ctx.google({ token });
      const session = await socialLogin(ctx, profile, {
        remember: req.body.rememberMe ?? false,
        client: clientInfo(req),
      });
      return ok(session, { message: messages.auth.loginSuccess });
    },
  );

  r.post(
    '/auth/facebook',
    {
      config: signInLimit(),
      schema: {
        tags: ['auth'],
        summary: 'Facebook erişim belirteci ile giriş (Graph API debug_token ile doğrulanır)',
        body: facebookLoginRequestSchema,
        response: { 200: okEnvelope(authSessionSchema), ...errors },
      },
    },
    async (req) => {
      await socialEnabled();
      if (!ctx.facebook) throw forbidden('SOCIAL_LOGIN_NOT_CONFIGURED', messages.auth.facebookNotConfigured);
      const profile = await ctx.facebook({ token: req.body.accessToken, userId: req.body.userID });
      const session = await socialLogin(ctx, profile, {
        remember: req.body.rememberMe ?? false,
        client: clientInfo(req),
      });
      return ok(session, { message: messages.auth.loginSuccess });
    },
  );

  r.post(
    '/auth/refresh',
    {
      config: signInLimit(5),
      schema: {
        tags: ['auth'],
        summary: 'Yenileme belirteciyle yeni erişim belirteci (belirteç her kullanımda değişir)',
        body: refreshRequestSchema,
        response: { 200: okEnvelope(authSessionSchema), ...errors },
      },
    },
    async (req) => ok(await refresh(ctx, req.body.refreshToken, clientInfo(req))),
  );

  r.post(
    '/auth/logout',
    {
      onRequest: optionalUser,
      schema: {
        tags: ['auth'],
        summary: 'Oturumu kapatır (erişim belirtecinin oturumu ve/veya gönderilen yenileme belirtecininki)',
        security: bearer,
        body: logoutRequestSchema,
        response: { 200: empty, ...errors },
      },
    },
    async (req) => {
      await logout(ctx, { sessionId: req.user?.sessionId, refreshToken: req.body?.refreshToken });
      return ok(null, { message: messages.auth.logoutSuccess });
    },
  );

  r.get(
    '/auth/me',
    {
      onRequest: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Oturumdaki kullanıcı',
        security: bearer,
        response: { 200: okEnvelope(userSchema), ...errors },
      },
    },
    async (req) => ok(presentUser(currentUser(req).row)),
  );

  r.put(
    '/auth/update-details',
    {
      onRequest: requireUser,
      // A 5 MB picture is ~6.7 MB as base64; leave room so oversized uploads get the §5 message.
      bodyLimit: 16 * 1024 * 1024,
      schema: {
        tags: ['auth'],
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
    { schema: { hide: true, params: z.object({ file: z.string().max(60) }) } },
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
        tags: ['auth'],
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
        tags: ['auth'],
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
        tags: ['auth'],
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
        tags: ['auth'],
        summary: 'Gizlilik tercihlerini günceller',
        security: bearer,
        body: privacySettingsUpdateSchema,
        response: { 200: okEnvelope(privacySettingsSchema), ...errors },
      },
    },
    async (req) =>
      ok(await updatePrivacySettings(db, currentUser(req).id, req.body), { message: messages.auth.settingsUpdated }),
  );

  r.put(
    '/auth/password',
    {
      onRequest: requireUser,
      config: signInLimit(),
      schema: {
        tags: ['auth'],
        summary: 'Şifre değiştirir; diğer cihazlardaki oturumlar kapanır',
        security: bearer,
        body: changePasswordRequestSchema,
        response: { 200: empty, ...errors },
      },
    },
    async (req) => {
      await changePassword(ctx, currentUser(req), req.body);
      return ok(null, { message: messages.auth.passwordChanged });
    },
  );

  r.post(
    '/auth/forgot-password',
    {
      config: signInLimit(),
      schema: {
        tags: ['auth'],
        summary: 'Şifre sıfırlama bağlantısı e-postalar (hesap olup olmadığı açıklanmaz)',
        body: forgotPasswordRequestSchema,
        response: { 200: empty, ...errors },
      },
    },
    async (req) => {
      await requestPasswordReset(ctx, req.body.email);
      return ok(null, { message: messages.auth.resetRequested });
    },
  );

  r.post(
    '/auth/reset-password',
    {
      config: signInLimit(),
      schema: {
        tags: ['auth'],
        summary: 'E-postadaki tek kullanımlık bağlantıyla yeni şifre belirler; tüm oturumlar kapanır',
        body: resetPasswordRequestSchema,
        response: { 200: empty, ...errors },
      },
    },
    async (req) => {
      await resetPassword(ctx, req.body);
      return ok(null, { message: messages.auth.passwordReset });
    },
  );

  r.delete(
    '/auth/account',
    {
      onRequest: requireUser,
      config: signInLimit(),
      schema: {
        tags: ['auth'],
        summary: 'Hesabı siler: tüm oturumlar kapanır, kişisel veriler 30 gün sonra kalıcı olarak silinir',
        security: bearer,
        body: deleteAccountRequestSchema.nullish(),
        response: { 200: empty, ...errors },
      },
    },
    async (req) => {
      await deleteAccount(db, currentUser(req), req.body ?? {});
      return ok(null, { message: messages.auth.accountDeleted });
    },
  );

  r.get(
    '/auth/export',
    {
      onRequest: requireUser,
      schema: {
        tags: ['auth'],
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
