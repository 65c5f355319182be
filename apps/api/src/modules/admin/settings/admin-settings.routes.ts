import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminSettingsMessages,
  emailTestResultSchema,
  settingsExportQuerySchema,
  settingsExportSchema,
} from '@kiyasla/contracts/admin-settings';
import { errorEnvelopeSchema, okEnvelope } from '@kiyasla/contracts/envelope';
import { systemSettingsSchema } from '@kiyasla/contracts/settings';
import { AppError } from '../../../lib/errors';
import { SecretBox } from '../../../lib/secret-box';
import { ok } from '../../../lib/reply';
import { currentUser, requireRole } from '../../../plugins/policies';
import { auditActor } from '../audit/audit-actor';
import {
  exportLinkValid,
  getAdminSettings,
  resetAdminSettings,
  saveAdminSettings,
  settingsExportFile,
  settingsExportLink,
} from './admin-settings.service';
import { adminReplies, adminSecurity as security, adminTags as tags } from '../admin-routes';

const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema };
const adminOnly = requireRole('admin');

/** /api/admin/settings: the system settings, admins only (ADR 016). */
export async function adminSettingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = {
    db: app.dbHandle.db,
    settings: app.settings,
    box: new SecretBox(app.config.jwtSecret),
    jwtSecret: app.config.jwtSecret,
  };

  adminReplies(app);

  r.get(
    '/admin/settings',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Sistem ayarları (yalnız yöneticiler); gizli alanlar maskeli döner',
        security,
        response: { 200: okEnvelope(systemSettingsSchema), ...errors },
      },
    },
    async () => ok(await getAdminSettings(deps)),
  );

  r.put(
    '/admin/settings',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary:
          'Ayarların tamamını kaydeder; aralık dışı değer 400 (alanı adıyla). Maskeli gönderilen gizli alan değişmez. Her sunucuda hemen geçerli olur',
        security,
        body: systemSettingsSchema,
        response: { 200: okEnvelope(systemSettingsSchema), ...errors },
      },
    },
    async (req) =>
      ok(await saveAdminSettings(deps, auditActor(req), req.body), { message: adminSettingsMessages.saved }),
  );

  r.post(
    '/admin/settings/reset',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Tüm ayarları varsayılan değerlere döndürür (gizli alanlar boşalır)',
        security,
        response: { 200: okEnvelope(systemSettingsSchema), ...errors },
      },
    },
    async (req) => ok(await resetAdminSettings(deps, auditActor(req)), { message: adminSettingsMessages.reset }),
  );

  r.post(
    '/admin/settings/email/test',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary:
          'E-posta sekmesinin deneme düğmesi: oturumdaki yöneticinin adresine, kayıtlı SMTP sunucusu ve gönderenle hemen bir deneme e-postası gönderir; SMTP hatası 502 EMAIL_TEST_FAILED',
        security,
        response: { 200: okEnvelope(emailTestResultSchema), 502: errorEnvelopeSchema, ...errors },
      },
    },
    async (req) => {
      const to = currentUser(req).email;
      const { transport } = app.mail;
      try {
        // Straight to the transport, not the outbox: the operator wants to know now whether it works.
        // The same transport and sender as every other e-mail: the saved SMTP server, else SMTP_URL.
        await transport.send({
          to,
          subject: adminSettingsMessages.emailTestSubject,
          text: `Bu e-posta Kıyasla yönetim panelinin Sistem Ayarları → E-posta sekmesinden gönderildi (${new Date().toISOString()}). Aldıysanız e-posta gönderimi çalışıyor.`,
        });
      } catch (err) {
        req.log.warn({ err }, 'test e-mail failed');
        throw new AppError(502, 'EMAIL_TEST_FAILED', adminSettingsMessages.emailTestFailed);
      }
      const delivery = transport.kind;
      return ok(
        { to, delivery },
        {
          message:
            delivery === 'smtp' ? adminSettingsMessages.emailTestSent(to) : adminSettingsMessages.emailTestLogged(to),
        },
      );
    },
  );

  r.get(
    '/admin/settings/export',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Ayarları dışa aktarma bağlantısı (data.downloadUrl, 5 dakika geçerli); dosyada gizli alanlar yoktur',
        security,
        response: { 200: okEnvelope(settingsExportSchema), ...errors },
      },
    },
    async () => ok(settingsExportLink(deps)),
  );

  r.get(
    '/admin/settings/export/download',
    {
      schema: {
        tags,
        summary: 'İmzalı bağlantıyla ayar dosyası (JSON, gizli alanlar olmadan); süresi dolan veya bozuk imza 403',
        querystring: settingsExportQuerySchema,
        response: { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema },
      },
    },
    async (req, reply) => {
      if (!exportLinkValid(deps.jwtSecret, req.query.expires, req.query.signature)) {
        throw new AppError(403, 'EXPORT_LINK_INVALID', adminSettingsMessages.exportLinkInvalid);
      }
      const day = new Date().toISOString().slice(0, 10);
      return (
        reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="kiyasla-ayarlar-${day}.json"`)
          // A string with its content type is sent as it is (the JSON file, not an envelope).
          .send((await settingsExportFile(deps)) as never)
      );
    },
  );
}
