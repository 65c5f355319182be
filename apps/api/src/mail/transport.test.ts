import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { createMailTransport } from './transport';

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
