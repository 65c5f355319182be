import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (e.g. List-Unsubscribe of notification e-mails). */
  headers?: Record<string, string>;
}

export interface MailTransport {
  /** 'smtp' delivers through SMTP_URL; 'log' only writes the message to the log (development). */
  readonly kind: 'smtp' | 'log';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * nodemailer over SMTP_URL when it is set. Without it, mail is "delivered" to the log so a
 * developer sees reset links; the outbox row stays as the record. Only in development does the
 * log carry the message's text: elsewhere it may hold a live password-reset link, and logs are
 * read by more people, and kept longer, than a mailbox.
 */
export function createMailTransport(opts: {
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
  /** Write the message's text to the log (development only). */
  logBodies: boolean;
}): MailTransport {
  if (!opts.smtpUrl) {
    return {
      kind: 'log',
      async send(message) {
        const text = opts.logBodies ? message.text : '(metin yalnızca geliştirme ortamında günlüğe yazılır)';
        opts.log.info({ mail: { to: message.to, subject: message.subject, text } }, 'mail (no SMTP_URL)');
      },
      close() {},
    };
  }
  const transporter = nodemailer.createTransport({
    url: opts.smtpUrl,
    // Fail a stuck server quickly; the outbox retries later.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    kind: 'smtp',
    async send(message) {
      await transporter.sendMail({ from: opts.from, ...message });
    },
    close() {
      transporter.close();
    },
  };
}
