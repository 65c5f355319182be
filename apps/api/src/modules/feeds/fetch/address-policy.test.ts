import { describe, expect, it } from 'vitest';
import { isPublicAddress, mayConnect, mayConnectToUrl, parseFetchAllowList } from './address-policy';

describe('isPublicAddress', () => {
  it.each([
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['192.168.1.1', 'private'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['192.0.2.1', 'documentation'],
    ['::1', 'IPv6 loopback'],
    ['::', 'IPv6 unspecified'],
    ['fe80::1', 'IPv6 link-local'],
    ['fc00::1', 'IPv6 unique-local'],
    ['fd12:3456::1', 'IPv6 unique-local'],
    ['ff02::1', 'IPv6 multicast'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex form'],
    ['64:ff9b::a00:1', 'NAT64 of a private IPv4'],
    ['::127.0.0.1', 'IPv4-compatible (::/96) loopback, as Node prints it'],
    ['::7f00:1', 'IPv4-compatible loopback, as the URL parser writes [::127.0.0.1]'],
    ['[::7f00:1]', 'IPv4-compatible loopback in brackets'],
    ['::a00:1', 'IPv4-compatible private'],
    ['::8.8.8.8', 'IPv4-compatible, even of a public IPv4'],
    ['::808:808', 'IPv4-compatible public IPv4, hex form'],
    ['::2', 'inside ::/96'],
    ['100::1', 'discard-only (100::/64)'],
    ['4000::1', 'outside global unicast 2000::/3 (unallocated)'],
    ['2001:db8::1', 'IPv6 documentation'],
    ['2001::1', 'Teredo'],
    ['2002:7f00:1::1', '6to4 of a loopback'],
    ['not-an-address', 'not an address'],
  ])('%s (%s) is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '8.8.8.8',
    '93.184.216.34',
    '2606:4700::1111',
    '2a00:1450:4001:81c::200e',
    '::ffff:8.8.8.8',
    '::ffff:808:808',
    '64:ff9b::808:808',
    '64:ff9b::8.8.8.8',
  ])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('mayConnect with an allow-list', () => {
  const allow = parseFetchAllowList([
    '127.0.0.1',
    '10.1.0.0/16',
    'feeds.internal',
    'stock.internal:8080',
    '[::1]:9000',
    '192.168.5.5:7000',
    'not a valid entry',
    '10.0.0.0/99',
  ]);
  const at = (host: string, port: number, address: string) => mayConnect({ host, port, address }, allow);

  it('lets a public address through without any entry', () => {
    expect(at('shop.example', 443, '93.184.216.34')).toBe(true);
  });

  it('lets through an IP named exactly, also in its IPv4-mapped form, on any port', () => {
    expect(at('127.0.0.1', 80, '127.0.0.1')).toBe(true);
    expect(at('127.0.0.1', 5123, '::ffff:127.0.0.1')).toBe(true);
    expect(at('127.0.0.2', 80, '127.0.0.2')).toBe(false);
  });

  it('lets through the addresses of a CIDR entry only', () => {
    expect(at('x', 80, '10.1.200.3')).toBe(true);
    expect(at('x', 80, '10.2.0.1')).toBe(false);
  });

  it('lets a named host resolve to a private address; with a port, only on that port', () => {
    expect(at('feeds.internal', 80, '10.9.9.9')).toBe(true);
    expect(at('feeds.internal.', 443, '10.9.9.9')).toBe(true);
    expect(at('stock.internal', 8080, '10.9.9.9')).toBe(true);
    expect(at('stock.internal', 80, '10.9.9.9')).toBe(false);
    expect(at('other.internal', 80, '10.9.9.9')).toBe(false);
  });

  it('honours the port of `ip:port` and `[ipv6]:port` entries', () => {
    expect(at('::1', 9000, '::1')).toBe(true);
    expect(at('::1', 9001, '::1')).toBe(false);
    expect(at('192.168.5.5', 7000, '192.168.5.5')).toBe(true);
    expect(at('192.168.5.5', 7001, '192.168.5.5')).toBe(false);
  });

  it('refuses every private address when the list is empty', () => {
    const none = parseFetchAllowList([]);
    expect(mayConnect({ host: '127.0.0.1', port: 80, address: '127.0.0.1' }, none)).toBe(false);
    expect(mayConnect({ host: 'localhost', port: 80, address: '::1' }, none)).toBe(false);
    expect(mayConnect({ host: 'x', port: 80, address: '::7f00:1' }, none)).toBe(false);
  });

  it('does not read an IPv4-compatible address as the IPv4 an entry names', () => {
    // `::127.0.0.1` is ::/96, not the mapped ::ffff:127.0.0.1: the entry 127.0.0.1 does not cover it.
    expect(at('x', 80, '::127.0.0.1')).toBe(false);
    expect(at('x', 80, '::7f00:1')).toBe(false);
  });
});

describe('mayConnectToUrl (a feed URL on save)', () => {
  const none = parseFetchAllowList([]);
  const url = (text: string) => new URL(text);

  it('judges a literal address or a localhost name as the fetcher would, without resolving other names', () => {
    expect(mayConnectToUrl(url('http://127.0.0.1/feed.json'), none)).toBe(false);
    expect(mayConnectToUrl(url('http://sub.localhost/feed.json'), none)).toBe(false);
    expect(mayConnectToUrl(url('https://93.184.216.34/feed.json'), none)).toBe(true);
    expect(mayConnectToUrl(url('https://internal.example/feed.json'), none)).toBe(true);
  });

  it('refuses an IPv4-compatible IPv6 literal such as [::127.0.0.1]', () => {
    expect(mayConnectToUrl(url('http://[::127.0.0.1]/feed.json'), none)).toBe(false);
    expect(mayConnectToUrl(url('http://[::8.8.8.8]:8080/feed.json'), none)).toBe(false);
    expect(mayConnectToUrl(url('http://[::ffff:127.0.0.1]/feed.json'), none)).toBe(false);
    expect(mayConnectToUrl(url('https://[2606:4700::1111]/feed.json'), none)).toBe(true);
  });

  it('lets the allow-list name the address, the host or the port, like a pull', () => {
    expect(mayConnectToUrl(url('http://127.0.0.1:8080/f'), parseFetchAllowList(['127.0.0.1']))).toBe(true);
    expect(mayConnectToUrl(url('http://localhost/f'), parseFetchAllowList(['localhost']))).toBe(true);
    expect(mayConnectToUrl(url('http://10.0.0.5:8080/f'), parseFetchAllowList(['10.0.0.5:8080']))).toBe(true);
    expect(mayConnectToUrl(url('http://10.0.0.5/f'), parseFetchAllowList(['10.0.0.5:8080']))).toBe(false);
    expect(mayConnectToUrl(url('https://10.0.0.5/f'), parseFetchAllowList(['10.0.0.5:443']))).toBe(true);
  });
});
