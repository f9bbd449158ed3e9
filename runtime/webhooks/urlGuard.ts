import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * SSRF guard for webhook (and MCP) URLs, DESIGN section 7: https to a public address only.
 * Two checks, because one is not enough:
 * - at creation, `checkWebhookUrl` refuses bad schemes, credentials and IP-literal private hosts;
 * - at connect time, `createGuardedLookup` refuses names that resolve to a private address, so a
 *   name that later re-resolves somewhere else (DNS rebinding) still cannot reach one.
 * `allowPrivate` (CREWD_ALLOW_PRIVATE_URLS=1) lifts both for local development and tests.
 */

/**
 * True when `ip` is a literal address that may be reached from the service: an allowlist, so only
 * globally routable unicast passes (ipaddr.js `range() === 'unicast'`, which follows the IANA
 * special-purpose registries). Everything else is refused, whatever new range a registry adds:
 * private, loopback, link-local, CGNAT, multicast, documentation, benchmarking, site-local
 * (fec0::/10), SIIT (::ffff:0:0:0/96), 6to4 (2002::/16), Teredo (2001::/32), discard (100::/64),
 * NAT64 (64:ff9b::/96, 64:ff9b:1::/48) and the deprecated IPv4-compatible form (::/96).
 * An IPv4-mapped address (::ffff:a.b.c.d, in any spelling) is judged by the IPv4 address it
 * carries. Anything that is not an IP literal is not public (the caller must resolve names
 * first). Accepts `[v6]` brackets.
 */
export function isPublicAddress(ip: string): boolean {
  const bare = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  // net.isIP is strict (no `127.1`, no zone ids such as fe80::1%eth0) where ipaddr.js is lenient.
  if (net.isIP(bare) === 0) return false;
  if (net.isIPv4(bare)) return ipaddr.IPv4.parse(bare).range() === 'unicast';
  // The WHATWG URL parser spells IPv6 canonically (`::8.8.8.8` -> `::808:808`); ipaddr.js would
  // read a dotted tail as an IPv4-mapped address whatever the bits before it.
  let v6: ipaddr.IPv6;
  try {
    v6 = ipaddr.IPv6.parse(new URL(`http://[${bare}]/`).hostname.slice(1, -1));
  } catch {
    return false; // net.isIP and the URL parser disagree: not an address we can judge
  }
  // ::/96 (RFC 4291 2.5.5.1, deprecated IPv4-compatible, and :: and ::1) is no global unicast, but
  // ipaddr.js calls `::808:808` unicast (and parses `::8.8.8.8` as mapped): refuse it here.
  if (v6.parts.slice(0, 6).every((part) => part === 0)) return false;
  return (v6.isIPv4MappedAddress() ? v6.toIPv4Address() : v6).range() === 'unicast';
}

/** The variable that lifts the guard, named in every refusal so a developer knows the way out. */
export const allowPrivateUrlsVariable = 'CREWD_ALLOW_PRIVATE_URLS';

export interface UrlGuardOptions {
  /** Allow http and private addresses (CREWD_ALLOW_PRIVATE_URLS=1). */
  allowPrivate: boolean;
}

export type UrlCheck =
  | { ok: true; url: URL }
  | { ok: false; code: 'invalid_url' | 'insecure_scheme' | 'credentials_in_url' | 'private_address'; message: string; hint?: string };

/** Said beside a refusal that CREWD_ALLOW_PRIVATE_URLS=1 would lift (an http or private URL). */
export const allowPrivateUrlsHint = `${allowPrivateUrlsVariable}=1 allows http and private addresses (local development and tests only)`;

/**
 * Checks a webhook URL when it is registered (and again before each send). Names are not
 * resolved here: that happens at connect time through `createGuardedLookup`.
 */
export function checkWebhookUrl(raw: string, options: UrlGuardOptions): UrlCheck {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, code: 'invalid_url', message: 'url must be an absolute URL' };
  }
  const schemes = options.allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) {
    const hint = options.allowPrivate || url.protocol !== 'http:' ? {} : { hint: allowPrivateUrlsHint };
    return { ok: false, code: 'insecure_scheme', message: `url must use ${schemes.join(' or ').replaceAll(':', '')}`, ...hint };
  }
  if (url.username !== '' || url.password !== '') {
    // Credentials in the URL would be sent on every delivery and shown wherever the URL is listed.
    return { ok: false, code: 'credentials_in_url', message: 'url must not contain a user name or password' };
  }
  if (!options.allowPrivate && !isPublicHostname(url.hostname)) {
    return { ok: false, code: 'private_address', message: `url must point at a public address, not ${url.hostname}`, hint: allowPrivateUrlsHint };
  }
  return { ok: true, url };
}

/**
 * The URL parser has already normalised IPv4 spellings such as `2130706433` or `0x7f.1` to
 * `127.0.0.1`, so an IP literal is recognised here whatever way it was written.
 */
function isPublicHostname(hostname: string): boolean {
  const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  if (net.isIP(bare) !== 0) return isPublicAddress(bare);
  // RFC 6761: localhost names always resolve to loopback, so refuse them without asking DNS.
  const name = bare.toLowerCase().replace(/\.$/, '');
  return name !== 'localhost' && !name.endsWith('.localhost');
}

/** The shape `net.connect({ lookup })` and undici's `connect: { lookup }` call. */
export type LookupFunction = NonNullable<net.TcpNetConnectOpts['lookup']>;

export interface GuardedLookupOptions extends UrlGuardOptions {
  /** The resolver to guard; dns.lookup unless a test hands in another. */
  lookup?: typeof dns.lookup;
}

/** Raised through the socket when a name resolves to an address the guard refuses. */
export class PrivateAddressError extends Error {
  readonly code = 'ERR_PRIVATE_ADDRESS';
  constructor(
    readonly hostname: string,
    readonly address: string,
  ) {
    super(`refused to connect to ${hostname}: it resolves to the non-public address ${address}`);
    this.name = 'PrivateAddressError';
  }
}

/**
 * A `dns.lookup` replacement that resolves every address of the name and refuses the connection
 * when any of them is not public. Refusing on any (not only the chosen one) matters because the
 * socket may fall back to another address of the list (happy eyeballs). With `allowPrivate` it
 * resolves without checking.
 */
export function createGuardedLookup(options: GuardedLookupOptions): LookupFunction {
  const resolve = options.lookup ?? dns.lookup;
  return ((hostname: string, lookupOptions: dns.LookupOptions, callback: LookupCallback) => {
    resolve(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      if (addresses.length === 0) {
        return callback(Object.assign(new Error(`${hostname} has no addresses`), { code: 'ENOTFOUND' }), '', 0);
      }
      if (!options.allowPrivate) {
        const bad = addresses.find((entry) => !isPublicAddress(entry.address));
        if (bad) return callback(new PrivateAddressError(hostname, bad.address), '', 0);
      }
      if (lookupOptions.all) return callback(null, addresses);
      const first = addresses[0]!;
      return callback(null, first.address, first.family);
    });
  }) as LookupFunction;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;
