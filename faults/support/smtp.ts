import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** Decodes the RFC 2047 encoded words nodemailer writes in a header (=?UTF-8?Q?…?= / =?UTF-8?B?…?=). */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

export interface ReceivedMail {
  to: string[];
  subject: string;
  raw: string;
}

/**
 * An SMTP stand-in on 127.0.0.1 that keeps what it receives. `down()` closes the port (the
 * server refuses connections, as an SMTP host that is away), `up()` listens again on the same port;
 * `delayMs` slows every message down (deliveries in flight during a fault).
 */
export async function startSmtp(opts: { delayMs?: number } = {}) {
  const inbox: ReceivedMail[] = [];
  let server: SMTPServer;
  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const head = (raw.split(/\r?\n\r?\n/)[0] ?? '').replace(/\r?\n[ \t]+/g, ' ');
          const subject = decodeHeader(/^Subject: (.*)$/m.exec(head)?.[1]?.trim() ?? '');
          setTimeout(() => {
            inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), subject, raw });
            callback();
          }, opts.delayMs ?? 0);
        });
      },
    });
  server = make();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    /** Messages received for one address. */
    to: (address: string) => inbox.filter((m) => m.to.includes(address)),
    down: () => new Promise<void>((resolve) => server.close(() => resolve())),
    up: async () => {
      server = make();
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
