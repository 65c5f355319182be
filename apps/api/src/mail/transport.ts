import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { FastifyBaseLogger } from 'fastify';
import type { EmailSettings } from '@kiyasla/contracts/settings';
import type { SettingsService } from '../modules/settings/settings.service';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (e.g. List-Unsubscribe of notification e-mails). */
  headers?: Record<string, string>;
  /** Set by the transport from MAIL_FROM or the settings (see `mailSender`). */
  from?: MailSender['from'];
  replyTo?: string;
}

export interface MailTransport {
  /**
   * 'smtp' delivers through an SMTP server (the settings' or SMTP_URL); 'log' only writes the
   * message to the log (development). For the settings' transport: where the last message went.
   */
  readonly kind: 'smtp' | 'log';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** The SMTP server of the admin settings' e-mail tab. */
export type SmtpServer = Pick<EmailSettings, 'smtpHost' | 'smtpPort' | 'smtpSecure' | 'smtpUser' | 'smtpPassword'>;

/** The envelope sender fields a message goes out with. */
export interface MailSender {
  from: string | { name: string; address: string };
  replyTo?: string;
}

// Fail a stuck server quickly; the outbox retries later.
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** The nodemailer options of the settings' SMTP server. */
export function smtpServerOptions(server: SmtpServer): SMTPTransport.Options {
  return {
    host: server.smtpHost,
    port: server.smtpPort,
    secure: server.smtpSecure,
    ...(server.smtpUser ? { auth: { user: server.smtpUser, pass: server.smtpPassword } } : {}),
    ...TIMEOUTS,
  };
}

/**
 * The sender: MAIL_FROM when the deployment sets it (an override), otherwise the settings'
 * `fromName <fromAddress>`; the settings' reply-to address, when not empty, in both cases.
 */
export function mailSender(email: Pick<EmailSettings, 'fromName' | 'fromAddress' | 'replyTo'>, mailFrom?: string) {
  const sender: MailSender = { from: mailFrom ?? { name: email.fromName, address: email.fromAddress } };
  if (email.replyTo) sender.replyTo = email.replyTo;
  return sender;
}

/**
 * nodemailer over `smtp` (the settings' server) or `smtpUrl` when either is given. Without them,
 * mail is "delivered" to the log so a developer sees reset links; the outbox row stays as the
 * record. Only in development does the log carry the message's text: elsewhere it may hold a live
 * password-reset link, and logs are read by more people, and kept longer, than a mailbox.
 */
export function createMailTransport(opts: {
  smtpUrl?: string | undefined;
  /** The settings' SMTP server; takes precedence over `smtpUrl`. */
  smtp?: SmtpServer;
  /** The sender; without it a message must carry its own `from`. */
  from?: string | MailSender;
  log: FastifyBaseLogger;
  /** Write the message's text to the log (development only). */
  logBodies: boolean;
}): MailTransport {
  const sender: MailSender | undefined = typeof opts.from === 'string' ? { from: opts.from } : opts.from;
  if (!opts.smtp && !opts.smtpUrl) {
    return {
      kind: 'log',
      async send(message) {
        const text = opts.logBodies ? message.text : '(metin yalnızca geliştirme ortamında günlüğe yazılır)';
        opts.log.info({ mail: { to: message.to, subject: message.subject, text } }, 'mail (no SMTP server)');
      },
      close() {},
    };
  }
  const transporter = opts.smtp
    ? nodemailer.createTransport(smtpServerOptions(opts.smtp))
    : nodemailer.createTransport({ url: opts.smtpUrl, ...TIMEOUTS });
  return {
    kind: 'smtp',
    async send(message) {
      await transporter.sendMail({ ...sender, ...message });
    },
    close() {
      transporter.close();
    },
  };
}

/**
 * The server's mail transport, obeying the e-mail settings: the settings' SMTP server when it
 * names a host, else SMTP_URL, else the log; the sender of `mailSender`. Each message reads the
 * settings (cached for a few seconds and dropped when any instance saves them, ADR 016), and the
 * nodemailer transport is rebuilt when the SMTP server changed, so a save applies to the next
 * message. It is built on the send path, which never runs inside a database transaction.
 */
export function createSettingsMailTransport(opts: {
  settings: Pick<SettingsService, 'group'>;
  smtpUrl: string | undefined;
  /** MAIL_FROM: when set, the sender of every message whatever the settings say. */
  mailFrom: string | undefined;
  log: FastifyBaseLogger;
  logBodies: boolean;
}): MailTransport {
  let current: { key: string; transport: MailTransport } | null = null;
  let kind: MailTransport['kind'] = opts.smtpUrl ? 'smtp' : 'log';

  const transportFor = (email: EmailSettings): MailTransport => {
    const smtp = email.smtpHost ? email : undefined;
    const key = JSON.stringify(
      smtp ? [smtp.smtpHost, smtp.smtpPort, smtp.smtpSecure, smtp.smtpUser, smtp.smtpPassword] : (opts.smtpUrl ?? null),
    );
    if (current?.key !== key) {
      current?.transport.close();
      current = {
        key,
        transport: createMailTransport({
          smtp: smtp && {
            smtpHost: smtp.smtpHost,
            smtpPort: smtp.smtpPort,
            smtpSecure: smtp.smtpSecure,
            smtpUser: smtp.smtpUser,
            smtpPassword: smtp.smtpPassword,
          },
          smtpUrl: opts.smtpUrl,
          log: opts.log,
          logBodies: opts.logBodies,
        }),
      };
    }
    return current.transport;
  };

  return {
    get kind() {
      return kind;
    },
    async send(message) {
      const email = await opts.settings.group('email');
      const transport = transportFor(email);
      kind = transport.kind;
      await transport.send({ ...mailSender(email, opts.mailFrom), ...message });
    },
    close() {
      current?.transport.close();
      current = null;
    },
  };
}
