import dns from 'node:dns';
import net from 'node:net';

/**
 * SSRF guard for webhook (and MCP) URLs, DESIGN section 7: https to a public address only.
 * Two checks, because one is not enough:
 * - at creation, `checkWebhookUrl` refuses bad schemes, credentials and IP-literal private hosts;
 * - at connect time, `createGuardedLookup` refuses names that resolve to a private address, so a
 *   name that later re-resolves somewhere else (DNS rebinding) still cannot reach one.
 * `allowPrivate` (CREWD_ALLOW_PRIVATE_URLS=1) lifts both for local development and tests.
 */

/** IPv4 ranges that are not public unicast (RFC 6890 special-purpose registry and friends). */
const refusedV4: ReadonlyArray<readonly [network: string, prefix: number]> = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, where cloud metadata endpoints live
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // TEST-NET-1
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // TEST-NET-2
  ['203.0.113.0', 24], // TEST-NET-3
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, includes 255.255.255.255 (broadcast)
];

/** IPv6 ranges refused outright. */
const refusedV6: ReadonlyArray<readonly [network: string, prefix: number]> = [
  ['::', 96], // unspecified (::), loopback (::1) and the deprecated IPv4-compatible form
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  ['2001:db8::', 32], // documentation
  ['64:ff9b:1::', 48], // local-use NAT64 (RFC 8215): translates into the operator's own network
];

/**
 * Prefixes that embed an IPv4 address in their low bits. Each refused IPv4 range is refused again
 * under every one of them, so `::ffff:127.0.0.1`, its hex form `::ffff:7f00:1` and
 * `64:ff9b::a00:1` (NAT64 of 10.0.0.1) are judged by the address they carry, while
 * `64:ff9b::808:808` (NAT64 of 8.8.8.8) stays public.
 */
const v4Embeddings: ReadonlyArray<readonly [prefix: string, bits: number]> = [
  ['::ffff:', 96], // IPv4-mapped
  ['64:ff9b::', 96], // well-known NAT64 prefix (RFC 6052)
];

function buildBlockList(): net.BlockList {
  const list = new net.BlockList();
  for (const [network, prefix] of refusedV4) {
    list.addSubnet(network, prefix, 'ipv4');
    for (const [embedding, bits] of v4Embeddings) list.addSubnet(embedding + network, bits + prefix, 'ipv6');
  }
  for (const [network, prefix] of refusedV6) list.addSubnet(network, prefix, 'ipv6');
  return list;
}

// Built once and never changed after: a constant table, not mutable module state.
const refused = buildBlockList();

/**
 * True when `ip` is a literal address that may be reached from the service. Anything that is not
 * an IP literal is not public (the caller must resolve names first). Accepts `[v6]` brackets.
 */
export function isPublicAddress(ip: string): boolean {
  const bare = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  const family = net.isIP(bare);
  if (family === 0) return false; // includes zone ids such as fe80::1%eth0, link-local anyway
  return !refused.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}

export interface UrlGuardOptions {
  /** Allow http and private addresses (CREWD_ALLOW_PRIVATE_URLS=1). */
  allowPrivate: boolean;
}

export type UrlCheck =
  | { ok: true; url: URL }
  | { ok: false; code: 'invalid_url' | 'insecure_scheme' | 'credentials_in_url' | 'private_address'; message: string };

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
    return { ok: false, code: 'insecure_scheme', message: `url must use ${schemes.join(' or ').replaceAll(':', '')}` };
  }
  if (url.username !== '' || url.password !== '') {
    // Credentials in the URL would be sent on every delivery and shown wherever the URL is listed.
    return { ok: false, code: 'credentials_in_url', message: 'url must not contain a user name or password' };
  }
  if (!options.allowPrivate && !isPublicHostname(url.hostname)) {
    return { ok: false, code: 'private_address', message: `url must point at a public address, not ${url.hostname}` };
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
