import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
  verificationResentSchema,
  verifyEmailRequestSchema,
  verifyEmailResultSchema,
} from '@kiyasla/contracts/auth';
import { changePasswordRequestSchema } from '@kiyasla/contracts/account';
import { userSchema } from '@kiyasla/contracts/user';
import { okEnvelope } from '@kiyasla/contracts/envelope';
import { messages } from '@kiyasla/contracts/messages';
import { forbidden } from '../../lib/errors';
import { ok } from '../../lib/reply';
import { currentUser, featureEnabled, optionalUser, requireFeature, requireUser } from '../../plugins/policies';
import { clientInfo, createAuthContext } from './auth.context';
import { login, logout, refresh, register, socialLogin } from './auth.service';
import { changePassword, requestPasswordReset, resetPassword } from './password.service';
import { confirmEmail, resendVerificationEmail } from './email-verification.service';
import {
  authErrorResponses as errors,
  authRouteDefaults,
  bearerSecurity as bearer,
  emptyReply as empty,
  signInLimit,
} from './route-defaults';
import { presentUser } from './user.presenter';
import { knownDeviceOf, knownDeviceSetCookie } from './known-device';

/**
 * /api/auth/* of signing in and out: registration, password, Google and Facebook sign-in,
 * sessions (refresh, logout), the current user, password change and reset, e-mail verification. The signed-in user's
 * own account (profile, settings, export, deletion) is modules/account, under the same prefix.
 * Routes stay thin: schema → policy → service.
 */
export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = createAuthContext(app);
  authRouteDefaults(app);
  const socialLoginOn = requireFeature('enableSocialLogin');

  /** After a successful sign-in this browser is a known device of the account (ADR 004). */
  const rememberDevice = (req: FastifyRequest, reply: FastifyReply, userId: string) => {
    const cookie = knownDeviceSetCookie(app.config.jwtSecret, req.headers.cookie, userId, {
      secure: req.protocol === 'https',
    });
    reply.header('set-cookie', cookie);
  };

  r.post(
    '/auth/register',
    {
      config: signInLimit(app),
      preHandler: requireFeature('enableRegistration'),
      schema: {
        tags: ['auth'],
        summary: 'E-posta ile kayıt; başarıda oturum açılır (201)',
        body: registerRequestSchema,
        response: { 201: okEnvelope(authSessionSchema), ...errors },
      },
    },
    async (req, reply) => {
      const session = await register(ctx, req.body, clientInfo(req));
      rememberDevice(req, reply, session.user._id);
      return reply.status(201).send(ok(session, { message: messages.auth.registerSuccess }));
    },
  );

  r.post(
    '/auth/login',
    {
      config: signInLimit(app),
      schema: {
        tags: ['auth'],
        summary: 'E-posta ve şifre ile giriş',
        body: loginRequestSchema,
        response: { 200: okEnvelope(authSessionSchema), ...errors },
      },
    },
    async (req, reply) => {
      const secret = app.config.jwtSecret;
      const session = await login(ctx, req.body, clientInfo(req), (userId) =>
        knownDeviceOf(secret, req.headers.cookie, userId),
      );
      rememberDevice(req, reply, session.user._id);
      return ok(session, { message: messages.auth.loginSuccess });
    },
  );

  r.post(
    '/auth/google',
    {
      config: signInLimit(app),
      preHandler: socialLoginOn,
      schema: {
        tags: ['auth'],
        summary: 'Google ID token ile giriş (imza, audience, issuer ve süre doğrulanır)',
        body: googleLoginRequestSchema,
        response: { 200: okEnvelope(authSessionSchema), ...errors },
      },
    },
    async (req, reply) => {
      if (!ctx.google) throw forbidden('SOCIAL_LOGIN_NOT_CONFIGURED', messages.auth.googleNotConfigured);
      const token = req.body.credential ?? req.body.tokenId ?? '';
      const profile = await ctx.google({ token });
      const session = await socialLogin(ctx, profile, {
        remember: req.body.rememberMe ?? false,
        client: clientInfo(req),
        canRegister: await featureEnabled(req, 'enableRegistration'),
      });
      rememberDevice(req, reply, session.user._id);
      return ok(session, { message: messages.auth.loginSuccess });
    },
  );

  r.post(
    '/auth/facebook',
    {
      config: signInLimit(app),
      preHandler: socialLoginOn,
      schema: {
        tags: ['auth'],
        summary: 'Facebook erişim belirteci ile giriş (Graph API debug_token ile doğrulanır)',
        body: facebookLoginRequestSchema,
        response: { 200: okEnvelope(authSessionSchema), ...errors },
      },
    },
    async (req, reply) => {
      if (!ctx.facebook) throw forbidden('SOCIAL_LOGIN_NOT_CONFIGURED', messages.auth.facebookNotConfigured);
      const profile = await ctx.facebook({ token: req.body.accessToken, userId: req.body.userID });
      const session = await socialLogin(ctx, profile, {
        remember: req.body.rememberMe ?? false,
        client: clientInfo(req),
        canRegister: await featureEnabled(req, 'enableRegistration'),
      });
      rememberDevice(req, reply, session.user._id);
      return ok(session, { message: messages.auth.loginSuccess });
    },
  );

  r.post(
    '/auth/refresh',
    {
      config: signInLimit(app, 5),
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
        // The bearer token is optional (optionalUser): the refresh token of the body alone signs out.
        security: [{}, ...bearer],
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
    '/auth/password',
    {
      onRequest: requireUser,
      config: signInLimit(app),
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
      config: signInLimit(app),
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
      config: signInLimit(app),
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

  r.post(
    '/auth/verify-email',
    {
      config: signInLimit(app),
      schema: {
        tags: ['auth'],
        summary:
          'E-postadaki tek kullanımlık bağlantıyla e-posta adresini doğrular (zaten doğrulanmışsa already-verified)',
        body: verifyEmailRequestSchema,
        response: { 200: okEnvelope(verifyEmailResultSchema), ...errors },
      },
    },
    async (req) => {
      const status = await confirmEmail(ctx, req.body.token);
      const message = status === 'verified' ? messages.auth.emailVerified : messages.auth.emailAlreadyVerified;
      return ok({ status }, { message });
    },
  );

  r.post(
    '/auth/verify-email/resend',
    {
      onRequest: requireUser,
      config: signInLimit(app),
      schema: {
        tags: ['auth'],
        summary: 'Yeni bir doğrulama e-postası gönderir (dakikada 1, 24 saatte 5; eski bağlantılar geçersiz olur)',
        security: bearer,
        response: { 200: okEnvelope(verificationResentSchema), ...errors },
      },
    },
    async (req) => {
      const sent = await resendVerificationEmail(ctx, currentUser(req));
      return ok(sent, { message: messages.auth.verificationSent(sent.email) });
    },
  );
}
