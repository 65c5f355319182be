import { isIP } from 'node:net';
import { isPublicAddress, mayConnect, type FetchAllowList } from '../feeds/fetch/address-policy';

/**
 * Names no public push service lives under: RFC 6761's `localhost`, mDNS `.local` (and so
 * Kubernetes' `.cluster.local`), ICANN's private `.internal`, Kubernetes services (`.svc`),
 * RFC 8375's `.home.arpa`, and the suffixes home and company networks use.
 */
const PRIVATE_SUFFIXES = ['.localhost', '.local', '.internal', '.svc', '.home.arpa', '.localdomain', '.lan', '.corp'];

/**
 * An IPv4 address spelled into a name (`127.0.0.1.nip.io`, `app-10-0-0-1.sslip.io`): the
 * wildcard DNS services that answer with the address the name spells. No push service is named
 * that way.
 */
const SPELLED_IPV4 = /(?:^|[.-])\d{1,3}[.-]\d{1,3}[.-]\d{1,3}[.-]\d{1,3}(?:[.-]|$)/;

/** A URL's host as it is compared: lower case, IPv6 without brackets, no trailing dot. */
export function endpointHost(url: URL): string {
  return url.hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
}

/** The port a connection to `url` goes to. */
export function endpointPort(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}

/**
 * PUSH_FETCH_ALLOW names this destination: a `host`/`host:port` entry for a name, an address,
 * `ip:port` or CIDR entry for a private or loopback address literal. A public address literal is
 * no push service, listed or not (`mayConnect` would pass it whatever the list says).
 */
function allowListed(url: URL, allow: FetchAllowList): boolean {
  const host = endpointHost(url);
  const port = endpointPort(url);
  if (isIP(host) !== 0) return !isPublicAddress(host) && mayConnect({ host, port, address: host }, allow);
  return allow.hosts.some((h) => h.host === host && (h.port === undefined || h.port === port));
}

/**
 * Why the server will not POST to this Web Push endpoint, or null when it may. The server POSTs
 * to whatever endpoint a browser hands over, so an endpoint is a request made from inside our
 * network on a signed-in user's behalf. The push services (FCM, Mozilla autopush, Windows WNS,
 * Apple) all take https on port 443 at a public DNS name, so that is all that passes:
 *
 * - https only, no credentials, no port but 443;
 * - a name, not an address literal; not `localhost`, no private suffix (`.local`, `.internal`,
 *   `.svc`…), at least one dot (a bare name is resolved by the local search domains), no IPv4
 *   address spelled into it (nip.io and the like).
 *
 * This judges the spelling only: what a name resolves to is judged when the notification is sent
 * (push-sender.ts), on the address actually connected to, since DNS can change in between.
 *
 * A destination PUSH_FETCH_ALLOW names (the tests' stand-in on 127.0.0.1, a push relay inside the
 * network) passes whatever its scheme, port or address: the operator named it on purpose. Tests
 * subscribe their stand-in through the real route this way instead of writing rows behind the
 * route's back, so the route's check is what they exercise.
 */
export function pushEndpointProblem(endpoint: string, allow: FetchAllowList): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'not a URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `scheme ${url.protocol}`;
  if (url.username || url.password) return 'credentials in the URL';
  if (allowListed(url, allow)) return null;
  if (url.protocol !== 'https:') return 'not https';
  // The URL parser drops a default `:443`, so any port left is another one.
  if (url.port !== '') return `port ${url.port}`;
  const host = endpointHost(url);
  if (isIP(host) !== 0) return 'an address, not a name';
  if (host === 'localhost' || PRIVATE_SUFFIXES.some((suffix) => host.endsWith(suffix))) return 'a private name';
  if (!host.includes('.')) return 'a name without a dot';
  if (SPELLED_IPV4.test(host)) return 'an address spelled into the name';
  return null;
}

export function pushEndpointAllowed(endpoint: string, allow: FetchAllowList): boolean {
  return pushEndpointProblem(endpoint, allow) === null;
}
