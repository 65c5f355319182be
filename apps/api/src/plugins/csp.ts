import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyHelmetOptions } from '@fastify/helmet';

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

/** One nonce per response, made the first time something asks for it. */
const nonces = new WeakMap<ServerResponse, string>();

function nonceOf(res: ServerResponse): string {
  let nonce = nonces.get(res);
  if (!nonce) {
    // 128 bits from the CSPRNG, as CSP Level 3 recommends; base64 is a valid nonce-source.
    nonce = randomBytes(16).toString('base64');
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

const scriptNonce = (_req: IncomingMessage, res: ServerResponse) => `'nonce-${nonceOf(res)}'`;

/**
 * Helmet's Content-Security-Policy, built per response. Scripts: this origin, the nonce of the
 * response (React Router's hydration and streaming scripts, the theme script before first
 * paint) and Google's sign-in script; no 'unsafe-inline', no 'unsafe-eval'. Styles keep
 * 'unsafe-inline': React and the UI primitives set `style` attributes, which a nonce cannot
 * allow, and a style cannot run code.
 */
export function contentSecurityPolicy(
  options: {
    /**
     * Origins a page of this site may post a form to besides itself: the payment provider whose
     * page takes a signed form post (Shopier's hand-off page, modules/payments).
     */
    formTargets?: readonly string[];
  } = {},
): NonNullable<FastifyHelmetOptions['contentSecurityPolicy']> {
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", scriptNonce, GOOGLE_IDENTITY, FACEBOOK_SDK],
      // No attribute event handlers (onclick="…") at all: React never writes them.
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'", GOOGLE_IDENTITY_STYLES],
      imgSrc: ["'self'", 'data:', 'blob:', ...SOCIAL_AVATAR_HOSTS],
      connectSrc: ["'self'", GOOGLE_IDENTITY, FACEBOOK_API],
      frameSrc: ["'self'", GOOGLE_IDENTITY, ...FACEBOOK_FRAMES],
      fontSrc: ["'self'", 'data:'],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      mediaSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'", ...(options.formTargets ?? [])],
      frameAncestors: ["'self'"],
      reportUri: [CSP_REPORT_PATH],
      reportTo: [REPORT_GROUP],
    },
  };
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

/** `Permissions-Policy` and the Reporting API endpoint of `report-to` on every answer. */
export function securityPolicyHeaders(app: FastifyInstance) {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    reply.header('reporting-endpoints', `${REPORT_GROUP}="${CSP_REPORT_PATH}"`);
  });
}
