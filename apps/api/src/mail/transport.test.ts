import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_SETTINGS } from '@kiyasla/contracts/settings';
import type { SettingsService } from '../modules/settings/settings.service';
import { createMailTransport, createSettingsMailTransport, mailSender } from './transport';

function recordingLog() {
  const lines: unknown[] = [];
  const log = { info: (obj: unknown) => lines.push(obj) } as unknown as FastifyBaseLogger;
  return { log, lines };
}

const reset = {
  to: 'ayse@example.test',
  subject: 'Şifre sıfırlama',
  text: 'Bağlantı: https://kiyasla.example/reset-password?token=SECRET-TOKEN',
};

describe('the log mail transport (no SMTP_URL)', () => {
  it('never writes the text, which may carry a live reset link, outside development', async () => {
    const { log, lines } = recordingLog();
    await createMailTransport({ smtpUrl: undefined, from: 'x@y', log, logBodies: false }).send(reset);
    expect(JSON.stringify(lines)).not.toContain('SECRET-TOKEN');
    expect(JSON.stringify(lines)).toContain('ayse@example.test');
  });

  it('writes it in development, where the developer follows the link from the log', async () => {
    const { log, lines } = recordingLog();
    await createMailTransport({ smtpUrl: undefined, from: 'x@y', log, logBodies: true }).send(reset);
    expect(JSON.stringify(lines)).toContain('SECRET-TOKEN');
  });
});

describe('the sender', () => {
  const email = { fromName: 'Kıyasla', fromAddress: 'bildirim@kiyasla.example', replyTo: '' };

  it('is the settings’ name and address unless MAIL_FROM overrides it', () => {
    expect(mailSender(email)).toEqual({ from: { name: 'Kıyasla', address: 'bildirim@kiyasla.example' } });
    expect(mailSender(email, 'Ops <ops@kiyasla.test>')).toEqual({ from: 'Ops <ops@kiyasla.test>' });
  });

  it('carries the settings’ reply-to address when one is set, whoever the sender is', () => {
    const withReply = { ...email, replyTo: 'destek@kiyasla.example' };
    expect(mailSender(withReply).replyTo).toBe('destek@kiyasla.example');
    expect(mailSender(withReply, 'Ops <ops@kiyasla.test>').replyTo).toBe('destek@kiyasla.example');
  });
});

describe('the settings’ mail transport', () => {
  it('follows the saved SMTP server: none → SMTP_URL or the log; a host → that server', async () => {
    const email = { ...DEFAULT_SETTINGS.email };
    const settings = { group: async () => email } as unknown as Pick<SettingsService, 'group'>;
    const { log, lines } = recordingLog();
    const transport = createSettingsMailTransport({
      settings,
      smtpUrl: undefined,
      mailFrom: undefined,
      log,
      logBodies: false,
    });
    try {
      await transport.send(reset);
      expect(transport.kind).toBe('log');
      expect(lines).toHaveLength(1);
      email.smtpHost = '127.0.0.1';
      email.smtpPort = 9; // nobody listens: the send fails, through SMTP rather than the log
      await expect(transport.send(reset)).rejects.toThrow();
      expect(transport.kind).toBe('smtp');
      expect(lines).toHaveLength(1);
    } finally {
      transport.close();
    }
  });
});
