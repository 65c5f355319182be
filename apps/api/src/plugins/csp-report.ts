import type { FastifyInstance } from 'fastify';
import { messages } from '@kiyasla/contracts/messages';
import { AppError } from '../lib/errors';

/** What a browser's report says, cut to what an operator needs to find the cause. */
export interface CspViolation {
  documentUri: string;
  blockedUri: string;
  directive: string;
  sourceFile?: string;
  line?: number;
  sample?: string;
}

const MAX_REPORTS_PER_BODY = 20;
const MAX_FIELD = 300;

function text(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  return value.length > MAX_FIELD ? `${value.slice(0, MAX_FIELD)}…` : value;
}

function violationOf(body: Record<string, unknown>): CspViolation | null {
  const directive = text(body['effective-directive'] ?? body.effectiveDirective ?? body['violated-directive']);
  if (!directive) return null;
  const line = body['line-number'] ?? body.lineNumber;
  return {
    documentUri: text(body['document-uri'] ?? body.documentURL) ?? '',
    blockedUri: text(body['blocked-uri'] ?? body.blockedURL) ?? '',
    directive,
    ...(text(body['source-file'] ?? body.sourceFile)
      ? { sourceFile: text(body['source-file'] ?? body.sourceFile) }
      : {}),
    ...(typeof line === 'number' ? { line } : {}),
    ...(text(body['script-sample'] ?? body.sample) ? { sample: text(body['script-sample'] ?? body.sample) } : {}),
  };
}

/**
 * The violations in a report body: `report-uri` posts `{ "csp-report": {…} }`
 * (application/csp-report), the Reporting API of `report-to` posts an array of
 * `{ type: "csp-violation", body: {…} }` (application/reports+json).
 */
export function cspViolations(payload: unknown): CspViolation[] {
  const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
  if (Array.isArray(payload)) {
    return payload
      .slice(0, MAX_REPORTS_PER_BODY)
      .filter((r): r is Record<string, unknown> => isRecord(r) && r.type === 'csp-violation' && isRecord(r.body))
      .map((r) => violationOf(r.body as Record<string, unknown>))
      .filter((v): v is CspViolation => v !== null);
  }
  if (isRecord(payload) && isRecord(payload['csp-report'])) {
    const v = violationOf(payload['csp-report']);
    return v ? [v] : [];
  }
  return [];
}

/**
 * `POST /api/csp-report`: browsers report what the Content-Security-Policy blocked. Each
 * violation is logged at warn (what, where, on which page) and stored nowhere else. Anyone can
 * post here, so the endpoint is small and rate-limited per client, and answers 204 either way.
 */
export async function cspReportRoutes(app: FastifyInstance) {
  const parseJson = (_req: unknown, body: string, done: (err: Error | null, value?: unknown) => void) => {
    try {
      done(null, JSON.parse(body));
    } catch {
      done(new AppError(400, 'INVALID_JSON', messages.generic.badJson));
    }
  };
  app.addContentTypeParser(['application/csp-report', 'application/reports+json'], { parseAs: 'string' }, parseJson);

  app.post(
    '/csp-report',
    {
      bodyLimit: 64 * 1024,
      schema: { hide: true },
      config: {
        rateLimit: {
          max: 30,
          timeWindow: '1 minute',
          errorResponseBuilder: () => new AppError(429, 'RATE_LIMITED', messages.generic.rateLimited),
        },
      },
    },
    async (request, reply) => {
      for (const violation of cspViolations(request.body)) {
        request.log.warn({ cspViolation: violation }, 'content security policy violation');
      }
      return reply.status(204).send();
    },
  );
}
