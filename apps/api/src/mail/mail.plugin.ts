import fp from 'fastify-plugin';
import { MailService } from './mail.service';
import { createMailTransport } from './transport';

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailService;
  }
}

/** Outbox sweep interval once the server listens (tests inject and call `kick`/`runOnce`). */
const SWEEP_INTERVAL_MS = 30_000;

export const mailPlugin = fp(
  async (app) => {
    const transport = createMailTransport({
      smtpUrl: app.config.smtpUrl,
      from: app.config.mailFrom,
      log: app.log,
      logBodies: app.config.env === 'development',
    });
    if (transport.kind === 'log' && app.config.env === 'production') {
      app.log.warn('SMTP_URL is not set: e-mails (password resets, alerts) are only written to the log');
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
  { name: 'mail' },
);
