import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** Test helper: a local SMTP server on 127.0.0.1 that keeps every message it receives. */
export interface ReceivedMail {
  to: string[];
  raw: string;
}

export async function startSmtpStandIn(): Promise<{
  port: number;
  url: string;
  inbox: ReceivedMail[];
  close(): Promise<void>;
}> {
  const inbox: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The headers of a raw message, unfolded, by lower-case name. */
export function mailHeaders(raw: string): Map<string, string> {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const out = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) out.set(line.slice(0, i).toLowerCase(), line.slice(i + 1).trim());
  }
  return out;
}

/** The message's text decoded from quoted-printable (nodemailer's choice for Turkish text). */
export function mailText(raw: string): string {
  const latin1 = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(latin1, 'latin1').toString('utf8');
}
