import test from 'ava';
import type dns from 'node:dns';
import { checkWebhookUrl, createGuardedLookup, isPublicAddress, PrivateAddressError } from '../../../runtime/webhooks/urlGuard.js';

/** Every refused range, probed at its first address, a middle one and its last one. */
const refused: ReadonlyArray<readonly [range: string, addresses: string[]]> = [
  ['0.0.0.0/8 this network', ['0.0.0.0', '0.1.2.3', '0.255.255.255']],
  ['10.0.0.0/8 private', ['10.0.0.0', '10.20.30.40', '10.255.255.255']],
  ['100.64.0.0/10 CGNAT', ['100.64.0.0', '100.100.100.100', '100.127.255.255']],
  ['127.0.0.0/8 loopback', ['127.0.0.1', '127.1.2.3', '127.255.255.255']],
  ['169.254.0.0/16 link-local', ['169.254.0.0', '169.254.169.254', '169.254.255.255']],
  ['172.16.0.0/12 private', ['172.16.0.0', '172.20.1.1', '172.31.255.255']],
  ['192.0.0.0/24 IETF', ['192.0.0.0', '192.0.0.170', '192.0.0.255']],
  ['192.0.2.0/24 TEST-NET-1', ['192.0.2.0', '192.0.2.1', '192.0.2.255']],
  ['192.168.0.0/16 private', ['192.168.0.0', '192.168.1.1', '192.168.255.255']],
  ['198.18.0.0/15 benchmarking', ['198.18.0.0', '198.19.0.1', '198.19.255.255']],
  ['198.51.100.0/24 TEST-NET-2', ['198.51.100.0', '198.51.100.7', '198.51.100.255']],
  ['203.0.113.0/24 TEST-NET-3', ['203.0.113.0', '203.0.113.9', '203.0.113.255']],
  ['224.0.0.0/4 multicast', ['224.0.0.0', '230.1.2.3', '239.255.255.255']],
  ['240.0.0.0/4 reserved', ['240.0.0.0', '250.1.2.3', '255.255.255.254']],
  ['255.255.255.255 broadcast', ['255.255.255.255']],
  [':: unspecified', ['::', '0:0:0:0:0:0:0:0']],
  ['::1 loopback', ['::1', '0:0:0:0:0:0:0:1', '[::1]']],
  ['fc00::/7 unique local', ['fc00::', 'fd12:3456:789a::1', 'fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff']],
  ['fe80::/10 link-local', ['fe80::', 'fe80::1', 'febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff']],
  ['ff00::/8 multicast', ['ff00::', 'ff02::1', 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff']],
  ['2001:db8::/32 documentation', ['2001:db8::', '2001:db8:1234::1', '2001:db8:ffff:ffff:ffff:ffff:ffff:ffff']],
  ['fec0::/10 deprecated site-local', ['fec0::', 'fec0::1', 'feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff']],
  ['::ffff:0:0:0/96 SIIT', ['::ffff:0:0:0', '::ffff:0:808:808', '::ffff:0:7f00:1']],
  ['2002::/16 6to4', ['2002::', '2002:808:808::1', '2002:ffff:ffff:ffff:ffff:ffff:ffff:ffff']],
  ['2001::/32 Teredo', ['2001::', '2001:0:4136:e378::1', '2001:0:ffff:ffff:ffff:ffff:ffff:ffff']],
  ['100::/64 discard', ['100::', '100::1', '100::ffff:ffff:ffff:ffff']],
  ['::/96 deprecated IPv4-compatible', ['::8.8.8.8', '::808:808']],
  ['64:ff9b::/96 NAT64 (translates into whatever network the operator runs)', ['64:ff9b::8.8.8.8', '64:ff9b::808:808']],
  ['64:ff9b::/96 NAT64 of loopback', ['64:ff9b::127.0.0.1', '64:ff9b::7f00:1']],
  ['64:ff9b::/96 NAT64 of private', ['64:ff9b::10.0.0.1', '64:ff9b::a9fe:a9fe', '64:ff9b::192.168.1.1']],
  ['64:ff9b:1::/48 local-use NAT64', ['64:ff9b:1::', '64:ff9b:1::808:808', '64:ff9b:1:ffff:ffff:ffff:ffff:ffff']],
  ['::ffff:0:0/96 mapped loopback', ['::ffff:127.0.0.1', '::ffff:7f00:1', '0:0:0:0:0:ffff:7f00:0001', '[::ffff:7f00:1]']],
  ['::ffff:0:0/96 mapped private', ['::ffff:10.0.0.1', '::ffff:a00:1', '::ffff:169.254.169.254', '::ffff:c0a8:101']],
  ['::ffff:0:0/96 mapped unspecified and broadcast', ['::ffff:0.0.0.0', '::ffff:255.255.255.255']],
];

const publicAddresses = ['8.8.8.8', '1.1.1.1', '93.184.216.34', '100.63.255.255', '100.128.0.0', '172.15.255.255', '172.32.0.0',
  '192.0.1.255', '192.169.0.0', '198.17.255.255', '198.20.0.0', '223.255.255.255',
  '2606:4700:4700::1111', '2001:4860:4860::8888', '::ffff:8.8.8.8', '::ffff:808:808',
  '2001:200::1', '2003::1', '101::1', '2a00:1450:4001::1'];

for (const [range, addresses] of refused) {
  test(`isPublicAddress refuses ${range}`, (t) => {
    for (const address of addresses) t.false(isPublicAddress(address), address);
  });
}

test('isPublicAddress accepts public addresses, including just outside the refused ranges', (t) => {
  for (const address of publicAddresses) t.true(isPublicAddress(address), address);
});

test('isPublicAddress refuses what is not an IP literal', (t) => {
  for (const value of ['example.com', '', '127.1', '2130706433', 'fe80::1%eth0', '::ffff:999.0.0.1']) t.false(isPublicAddress(value), value);
});

const strict = { allowPrivate: false };
const lax = { allowPrivate: true };

test('checkWebhookUrl accepts https to a public name or address', (t) => {
  for (const url of ['https://hooks.example.com/in', 'https://8.8.8.8:8443/x?y=1', 'https://[2606:4700:4700::1111]/']) {
    const result = checkWebhookUrl(url, strict);
    t.true(result.ok, url);
  }
});

test('checkWebhookUrl is https-only unless private URLs are allowed', (t) => {
  const result = checkWebhookUrl('http://hooks.example.com/in', strict);
  t.like(result, { ok: false, code: 'insecure_scheme' });
  t.true(checkWebhookUrl('http://hooks.example.com/in', lax).ok);
  for (const url of ['ftp://hooks.example.com/', 'file:///etc/passwd', 'javascript:alert(1)', 'ws://hooks.example.com/']) {
    t.like(checkWebhookUrl(url, lax), { ok: false, code: 'insecure_scheme' }, url);
  }
});

test('checkWebhookUrl refuses what does not parse', (t) => {
  for (const url of ['', 'hooks.example.com/in', 'https://', 'https://exa mple.com/']) t.like(checkWebhookUrl(url, lax), { ok: false, code: 'invalid_url' }, url);
});

test('a refused http or private URL names CREWD_ALLOW_PRIVATE_URLS as the way to allow it locally', (t) => {
  for (const url of ['http://127.0.0.1:3000/hooks', 'https://10.0.0.7/x', 'http://hooks.example.com/x']) {
    const result = checkWebhookUrl(url, strict);
    t.false(result.ok, url);
    if (!result.ok) t.regex(result.hint ?? '', /CREWD_ALLOW_PRIVATE_URLS=1/, url);
  }
  const ftp = checkWebhookUrl('ftp://hooks.example.com/', strict);
  t.false(!ftp.ok && ftp.hint !== undefined, 'no hint where the variable would not help');
});

test('checkWebhookUrl refuses credentials in the URL, even when private URLs are allowed', (t) => {
  t.like(checkWebhookUrl('https://user:pass@hooks.example.com/', strict), { ok: false, code: 'credentials_in_url' });
  t.like(checkWebhookUrl('https://user@hooks.example.com/', lax), { ok: false, code: 'credentials_in_url' });
});

test('checkWebhookUrl refuses private IP literals at once, however they are spelled', (t) => {
  for (const url of ['https://127.0.0.1/', 'https://2130706433/', 'https://0x7f.1/', 'https://[::1]/', 'https://[::ffff:7f00:1]/',
    'https://169.254.169.254/latest/meta-data', 'https://[fd00::1]:8443/', 'https://[64:ff9b::10.0.0.1]/', 'https://[2002::1]/', 'https://[fec0::1]/', 'https://localhost/', 'https://api.localhost./']) {
    t.like(checkWebhookUrl(url, strict), { ok: false, code: 'private_address' }, url);
    t.true(checkWebhookUrl(url, lax).ok, url);
  }
});

/** Calls a LookupFunction the way net.connect does and collects its answer. */
function lookupOnce(lookup: ReturnType<typeof createGuardedLookup>, hostname: string, options: dns.LookupOptions) {
  return new Promise<{ error: NodeJS.ErrnoException | null; address: string | dns.LookupAddress[]; family?: number }>((resolve) => {
    lookup(hostname, options, (error, address, family) => resolve({ error, address, family }));
  });
}

/** A resolver with fixed answers, so the test does not depend on the machine's DNS. */
function fixedResolver(answers: Record<string, dns.LookupAddress[]>): typeof dns.lookup {
  return ((hostname: string, _options: unknown, callback: (error: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void) => {
    const found = answers[hostname];
    if (!found) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
    callback(null, found);
  }) as unknown as typeof dns.lookup;
}

test('the guarded lookup refuses localhost when private URLs are not allowed (real resolver)', async (t) => {
  const { error } = await lookupOnce(createGuardedLookup(strict), 'localhost', {});
  t.true(error instanceof PrivateAddressError);
  t.is(error?.code, 'ERR_PRIVATE_ADDRESS');
});

test('the guarded lookup resolves localhost when private URLs are allowed (real resolver)', async (t) => {
  const { error, address } = await lookupOnce(createGuardedLookup(lax), 'localhost', {});
  t.is(error, null);
  t.false(isPublicAddress(address as string));
});

test('the guarded lookup refuses a name when any of its addresses is private (rebinding)', async (t) => {
  const resolve = fixedResolver({
    'rebind.example': [{ address: '93.184.216.34', family: 4 }, { address: '10.0.0.5', family: 4 }],
    'mapped.example': [{ address: '::ffff:7f00:1', family: 6 }],
  });
  for (const name of ['rebind.example', 'mapped.example']) {
    const { error } = await lookupOnce(createGuardedLookup({ ...strict, lookup: resolve }), name, { all: true });
    t.true(error instanceof PrivateAddressError, name);
  }
});

test('the guarded lookup answers in the shape asked for: one address or all', async (t) => {
  const resolve = fixedResolver({ 'hooks.example': [{ address: '93.184.216.34', family: 4 }, { address: '2606:4700::1', family: 6 }] });
  const lookup = createGuardedLookup({ ...strict, lookup: resolve });
  t.like(await lookupOnce(lookup, 'hooks.example', {}), { error: null, address: '93.184.216.34', family: 4 });
  const all = await lookupOnce(lookup, 'hooks.example', { all: true });
  t.deepEqual(all.address, [{ address: '93.184.216.34', family: 4 }, { address: '2606:4700::1', family: 6 }]);
  t.like(await lookupOnce(lookup, 'missing.example', {}), { error: { code: 'ENOTFOUND' } });
});
