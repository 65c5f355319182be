import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/**
 * FEED_FETCH_ALLOW parsed: the private or loopback destinations an operator named on purpose
 * (a feed server inside the same network, the tests' stand-in on 127.0.0.1).
 */
export interface FetchAllowList {
  /** `host` or `host:port` entries: that host name, whatever it resolves to. */
  hosts: { host: string; port?: number }[];
  /** IP, `ip:port`, `[ipv6]:port` or CIDR entries: a connection to such an address. */
  ranges: { range: [Address, number]; port?: number }[];
}

export interface ConnectTarget {
  /** The URL's host name (lower case, IPv6 without brackets). */
  host: string;
  port: number;
  /** The address that would be connected to. */
  address: string;
}

/** The IPv6 prefix NAT64 gateways use for IPv4 hosts (RFC 6052): judged by the embedded IPv4. */
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');
/**
 * Global unicast (RFC 4291 §2.4): the only IPv6 block the internet routes to hosts. Outside it sit
 * `::/96` (IPv4-compatible, `::127.0.0.1`), `100::/64` (discard) and whatever the IANA has not
 * allocated, which ipaddr.js still calls `unicast`.
 */
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');

function normaliseHost(host: string): string {
  return host
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
}

/**
 * IPv6 text whose last 32 bits are written as a dotted IPv4, rewritten as two hex groups.
 * ipaddr.js reads `::a.b.c.d` as `::ffff:a.b.c.d`, but it is the IPv4-compatible address
 * `::a.b.c.d` (::/96), not the mapped one — and how Node prints such an address.
 */
function dottedTailAsHex(text: string): string {
  const m = /^(.*:)(\d{1,3}(?:\.\d{1,3}){3})(%.*)?$/.exec(text);
  if (!m || !ipaddr.IPv4.isValidFourPartDecimal(m[2]!)) return text;
  const [a, b, c, d] = ipaddr.IPv4.parse(m[2]!).octets as [number, number, number, number];
  return `${m[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}${m[3] ?? ''}`;
}

/** An address in one canonical form: IPv4-mapped IPv6 (`::ffff:10.0.0.1`) becomes its IPv4. */
function parseAddress(text: string): Address | null {
  const bare = text.replace(/^\[|\]$/g, '');
  if (ipaddr.IPv4.isValidFourPartDecimal(bare)) return ipaddr.IPv4.parse(bare);
  const v6text = dottedTailAsHex(bare);
  if (!ipaddr.IPv6.isValid(v6text)) return null;
  const v6 = ipaddr.IPv6.parse(v6text);
  return v6.isIPv4MappedAddress() ? v6.toIPv4Address() : v6;
}

function parsePort(text: string): number | undefined {
  if (!/^\d{1,5}$/.test(text)) return undefined;
  const port = Number(text);
  return port >= 1 && port <= 65535 ? port : undefined;
}

/**
 * Reads FEED_FETCH_ALLOW entries (already trimmed and lower-cased by the config). An entry that is
 * none of the accepted forms is ignored rather than widening anything.
 */
export function parseFetchAllowList(entries: readonly string[]): FetchAllowList {
  const allow: FetchAllowList = { hosts: [], ranges: [] };
  for (const raw of entries) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    if (entry.includes('/')) {
      if (ipaddr.isValidCIDR(entry)) {
        const [network, bits] = ipaddr.parseCIDR(entry);
        const mapped = network.kind() === 'ipv6' && (network as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96;
        allow.ranges.push({
          range: mapped ? [(network as ipaddr.IPv6).toIPv4Address(), bits - 96] : [network, bits],
        });
      }
      continue;
    }
    const address = parseAddress(entry);
    if (address) {
      allow.ranges.push({ range: [address, address.kind() === 'ipv4' ? 32 : 128] });
      continue;
    }
    // `[v6]:port`, `v4:port` or `host:port`; a bare IPv6 was handled above.
    const withPort = /^(\[[^\]]+\]|[^:]+):(\d+)$/.exec(entry);
    const host = withPort ? withPort[1]! : entry;
    const port = withPort ? parsePort(withPort[2]!) : undefined;
    if (withPort && port === undefined) continue;
    const hostAddress = parseAddress(host);
    if (hostAddress) allow.ranges.push({ range: [hostAddress, hostAddress.kind() === 'ipv4' ? 32 : 128], port });
    else if (/^[a-z0-9.-]+$/.test(host)) allow.hosts.push({ host: normaliseHost(host), port });
  }
  return allow;
}

/**
 * True for an address on the public internet: ipaddr.js's `unicast` range, i.e. not private,
 * loopback, link-local, unique-local, multicast, unspecified, broadcast, carrier-grade NAT,
 * documentation, benchmarking or otherwise reserved; for IPv6 also inside 2000::/3 (global
 * unicast), which refuses the IPv4-compatible `::a.b.c.d` and unallocated space. IPv4-mapped IPv6
 * is judged as its IPv4, and so is the NAT64 well-known prefix (an IPv6-only network reaches public
 * IPv4 hosts through it).
 */
export function isPublicAddress(text: string): boolean {
  const address = parseAddress(text);
  if (!address) return false;
  if (address.kind() === 'ipv6' && address.match(NAT64_WELL_KNOWN)) {
    const bytes = address.toByteArray().slice(12);
    return ipaddr.fromByteArray(bytes).range() === 'unicast';
  }
  if (address.kind() === 'ipv6' && !address.match(GLOBAL_UNICAST)) return false;
  return address.range() === 'unicast';
}

function allowListed(target: ConnectTarget, allow: FetchAllowList): boolean {
  const host = normaliseHost(target.host);
  if (allow.hosts.some((h) => h.host === host && (h.port === undefined || h.port === target.port))) return true;
  const address = parseAddress(target.address);
  if (!address) return false;
  return allow.ranges.some(
    ({ range, port }) =>
      range[0].kind() === address.kind() && address.match(range) && (port === undefined || port === target.port),
  );
}

/**
 * May a pull connect to `target.address`? Public addresses always; any other address only when
 * the allow-list names the host (and port) or the address.
 */
export function mayConnect(target: ConnectTarget, allow: FetchAllowList): boolean {
  return isPublicAddress(target.address) || allowListed(target, allow);
}

/** RFC 6761: `localhost` and every name under it resolve to the loopback, whatever DNS says. */
const isLocalhostName = (host: string) => host === 'localhost' || host.endsWith('.localhost');

/**
 * May a feed URL be saved? Its host is judged as `mayConnect` would judge the connection, for
 * what is known without resolving anything: a literal address, or a `localhost` name. Any other
 * name passes: DNS can change, so the fetcher judges its address when it connects.
 */
export function mayConnectToUrl(url: URL, allow: FetchAllowList): boolean {
  const host = normaliseHost(url.hostname);
  const address = parseAddress(host) ? host : isLocalhostName(host) ? '127.0.0.1' : null;
  if (address === null) return true;
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  return mayConnect({ host, port, address }, allow);
}
