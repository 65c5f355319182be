import { randomFillSync } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Where browsers send Content-Security-Policy violation reports (plugins/csp-report.ts). */
export const CSP_REPORT_PATH = '/api/csp-report';
/** The `report-to` group name, declared in the `Reporting-Endpoints` header. */
const REPORT_GROUP = 'csp';

/**
 * Google Identity Services: its script (features/auth google-sign-in-button), the button's
 * iframe, its calls and its stylesheet.
 */
const GOOGLE_IDENTITY = 'https://accounts.google.com';
const GOOGLE_IDENTITY_STYLES = 'https://accounts.google.com/gsi/style';

/**
 * Images the site shows from elsewhere. The catalogue's images and store logos are served by
 * this origin (/api/media, uploaded avatars too); the only other pictures are the profile photos
 * Google and Facebook sign-in hand over (users.avatar_url). An image an admin links from another
 * host needs that host here.
 */
const SOCIAL_AVATAR_HOSTS = ['https://*.googleusercontent.com', 'https://*.fbsbx.com', 'https://*.fbcdn.net'];

/**
 * The Facebook JavaScript SDK (features/auth facebook-sign-in-button): its script, the frames and
 * calls of its login dialog.
 */
const FACEBOOK_SDK = 'https://connect.facebook.net';
const FACEBOOK_FRAMES = ['https://www.facebook.com', 'https://web.facebook.com'];
const FACEBOOK_API = 'https://graph.facebook.com';

/**
 * Nonce bytes from the CSPRNG, drawn a pool at a time (as crypto.randomUUID does): one call into
 * the system's generator per 256 responses instead of one for each. No byte is handed out twice.
 */
const NONCE_BYTES = 16;
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let noncePoolOffset = noncePool.length;

function freshNonce(): string {
  if (noncePoolOffset === noncePool.length) {
    randomFillSync(noncePool);
    noncePoolOffset = 0;
  }
  // 128 bits, as CSP Level 3 recommends; base64 is a valid nonce-source.
  const nonce = noncePool.toString('base64', noncePoolOffset, noncePoolOffset + NONCE_BYTES);
  noncePoolOffset += NONCE_BYTES;
  return nonce;
}

/** One nonce per response, made the first time something asks for it. */
const nonces = new WeakMap<ServerResponse, string>();

function nonceOf(res: ServerResponse): string {
  let nonce = nonces.get(res);
  if (!nonce) {
    nonce = freshNonce();
    nonces.set(res, nonce);
  }
  return nonce;
}

/**
 * The nonce of this response's Content-Security-Policy. Any HTML this server renders — the
 * React Router pages (web/ssr.ts), a page an API route serves — puts it on each inline
 * `<script nonce="…">` it needs; no other inline script runs.
 */
export function cspNonce(reply: FastifyReply): string {
  return nonceOf(reply.raw);
}

/** Where the response's nonce goes in the policy. */
const NONCE_SLOT = '\0nonce\0';

/**
 * The Content-Security-Policy header, given a response's nonce. Scripts: this origin, the nonce
 * of the response (React Router's hydration and streaming scripts, the theme script before
 * first paint) and Google's sign-in script; no 'unsafe-inline', no 'unsafe-eval'. Styles keep
 * 'unsafe-inline': React and the UI primitives set `style` attributes, which a nonce cannot
 * allow, and a style cannot run code.
 *
 * The policy is written once; each response only puts its nonce in (helmet rebuilt and
 * rechecked every directive on every response, a few per cent of a cache miss's CPU).
 */
export function contentSecurityPolicy(
  options: {
    /**
     * Origins a page of this site may post a form to besides itself: the payment provider whose
     * page takes a signed form post (Shopier's hand-off page, modules/payments).
     */
    formTargets?: readonly string[];
  } = {},
): (nonce: string) => string {
  const directives: [string, readonly string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", NONCE_SLOT, GOOGLE_IDENTITY, FACEBOOK_SDK]],
    // No attribute event handlers (onclick="…") at all: React never writes them.
    ['script-src-attr', ["'none'"]],
    ['style-src', ["'self'", "'unsafe-inline'", GOOGLE_IDENTITY_STYLES]],
    ['img-src', ["'self'", 'data:', 'blob:', ...SOCIAL_AVATAR_HOSTS]],
    ['connect-src', ["'self'", GOOGLE_IDENTITY, FACEBOOK_API]],
    ['frame-src', ["'self'", GOOGLE_IDENTITY, ...FACEBOOK_FRAMES]],
    ['font-src', ["'self'", 'data:']],
    ['worker-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    ['media-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'", ...(options.formTargets ?? [])]],
    ['frame-ancestors', ["'self'"]],
    ['report-uri', [CSP_REPORT_PATH]],
    ['report-to', [REPORT_GROUP]],
  ];
  for (const [name, values] of directives) {
    const bad = values.find((v) => v === '' || /[\s;,]/.test(v));
    if (bad !== undefined) throw new Error(`Content-Security-Policy ${name}: invalid source ${JSON.stringify(bad)}`);
  }
  const [head, tail] = directives
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join(';')
    .split(NONCE_SLOT);
  return (nonce) => `${head}'nonce-${nonce}'${tail}`;
}

/**
 * Browser features the site never uses are switched off for it and for anything it embeds;
 * payment stays available to this origin for the checkout.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=(self)',
  'publickey-credentials-get=(self)',
  'usb=()',
].join(', ');

/**
 * The Content-Security-Policy with this response's nonce, `Permissions-Policy` and the Reporting
 * API endpoint of `report-to` on every answer.
 */
export function securityPolicyHeaders(app: FastifyInstance, policy: (nonce: string) => string) {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('content-security-policy', policy(nonceOf(reply.raw)));
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    reply.header('reporting-endpoints', `${REPORT_GROUP}="${CSP_REPORT_PATH}"`);
  });
}
