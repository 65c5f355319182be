import type { FastifyBaseLogger } from 'fastify';
import type { SmsConfig } from '../../config';
import { PermanentDeliveryError } from '../notifications/deliveries/types';

/** One SMS gateway. `to` is a Turkish mobile as 905XXXXXXXXX. Throws when the SMS was not accepted. */
export interface SmsProvider {
  readonly name: string;
  send(to: string, text: string): Promise<{ id: string | null }>;
}

/** The default: writes the SMS to the log (development, or no gateway contract yet). */
export function logSmsProvider(log: Pick<FastifyBaseLogger, 'info'>): SmsProvider {
  return {
    name: 'log',
    async send(to, text) {
      // The number's middle digits masked: logs are read by more people than the phone's owner.
      log.info({ sms: { to: `${to.slice(0, 5)}*****${to.slice(-2)}`, text } }, 'sms (SMS_PROVIDER=log)');
      return { id: null };
    },
  };
}

/** Netgsm answers that no retry can fix: the text, the credentials, the sender name, the parameters. */
const NETGSM_PERMANENT = new Set(['20', '30', '40', '70']);

/**
 * Netgsm's REST API (v2): POST /sms/rest/v2/send with basic authentication and a JSON body;
 * `code` "00" means queued, with the job id. The base URL is configurable (NETGSM_BASE_URL), so
 * tests talk to a local stand-in.
 */
export function netgsmSmsProvider(
  config: Extract<SmsConfig, { provider: 'netgsm' }>,
  opts: { timeoutMs?: number } = {},
): SmsProvider {
  const authorization = `Basic ${Buffer.from(`${config.usercode}:${config.password}`).toString('base64')}`;
  return {
    name: 'netgsm',
    async send(to, text) {
      const res = await fetch(`${config.baseUrl}/sms/rest/v2/send`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          msgheader: config.msgheader,
          encoding: 'TR',
          messages: [{ msg: text, no: to }],
        }),
        redirect: 'error',
        signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
      });
      const body = (await res.json().catch(() => null)) as {
        code?: unknown;
        jobid?: unknown;
        description?: unknown;
      } | null;
      const code = body && typeof body.code === 'string' ? body.code : null;
      if (res.ok && code === '00') return { id: typeof body?.jobid === 'string' ? body.jobid : null };
      const reason = `netgsm answered HTTP ${res.status}, code ${code ?? '?'}${body?.description ? ` (${String(body.description)})` : ''}`;
      if (code && NETGSM_PERMANENT.has(code)) throw new PermanentDeliveryError(reason);
      throw new Error(reason);
    },
  };
}

export function createSmsProvider(config: SmsConfig | undefined, log: FastifyBaseLogger): SmsProvider {
  return config?.provider === 'netgsm' ? netgsmSmsProvider(config) : logSmsProvider(log);
}
