import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { mayConnect, type FetchAllowList } from './address-policy';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Name resolution: every address a host name has. */
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

/** The system resolver (dns.lookup), every address in its own order. */
export const systemResolve: ResolveHost = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * The `lookup` of an outgoing connection to another site (a feed pull, a picture kept at save,
 * a Web Push send): resolves the name once and hands the socket only addresses the policy allows,
 * so what is checked is what is connected to. A name with any forbidden address is refused whole:
 * a rebinding answer mixing a public and a private address gets nothing. `refuse` makes the
 * caller's own error for a forbidden address.
 */
export function guardedLookup(
  host: string,
  port: number,
  allow: FetchAllowList,
  resolve: ResolveHost,
  refuse: (hostname: string, address: string) => Error,
): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    resolve(hostname).then(
      (resolved) => {
        const family = lookupOptions.family === 4 || lookupOptions.family === 6 ? lookupOptions.family : 0;
        const addresses = resolved.filter((a) => family === 0 || a.family === family);
        const refused = addresses.find((a) => !mayConnect({ host, port, address: a.address }, allow));
        if (refused) {
          callback(refuse(hostname, refused.address) as NodeJS.ErrnoException, '', 0);
        } else if (addresses.length === 0) {
          callback(Object.assign(new Error(`${hostname} çözümlenemedi`), { code: 'ENOTFOUND' }), '', 0);
        } else if (lookupOptions.all) {
          (callback as unknown as (err: null, addresses: ResolvedAddress[]) => void)(null, addresses);
        } else {
          callback(null, addresses[0]!.address, addresses[0]!.family);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}
