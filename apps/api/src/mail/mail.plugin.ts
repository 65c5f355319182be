import fp from 'fastify-plugin';
import { MailService } from './mail.service';
import { createSettingsMailTransport } from './transport';

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailService;
  }
}

/** Outbox sweep interval once the server listens (tests inject and call `kick`/`runOnce`). */
const SWEEP_INTERVAL_MS = 30_000;

export const mailPlugin = fp(
  async (app) => {
    // The settings' SMTP server, else SMTP_URL, else the log; rebuilt when the settings change.
    const transport = createSettingsMailTransport({
      settings: app.settings,
      smtpUrl: app.config.smtpUrl,
      mailFrom: app.config.mailFrom,
      log: app.log,
      logBodies: app.config.env === 'development',
    });
    if (!app.config.smtpUrl && app.config.env === 'production') {
      app.log.warn(
        'SMTP_URL is not set: until an SMTP server is saved in the admin settings (e-mail tab), e-mails (password resets, alerts) are only written to the log',
      );
    }
    const mail = new MailService(app.dbHandle.db, transport, app.log);
    app.decorate('mail', mail);
    app.addHook('onListen', async () => {
      mail.start(SWEEP_INTERVAL_MS);
      mail.kick();
    });
    app.addHook('onClose', async () => {
      await mail.close();
    });
  },
  { name: 'mail', dependencies: ['settings'] },
);
