import test from 'ava';
import { sign as octokitSign, verify as octokitVerify } from '@octokit/webhooks-methods';
import { signatureHeaderValue, signPayload, verifySignature } from '../../../runtime/webhooks/signature.js';

const secret = 'whsec_3f9a1c';
const body = JSON.stringify({ event: 'outcome.completed', timestamp: '2026-01-01T00:00:00.000Z', data: { outcome_id: 'out_1', note: 'ünïcødé ✓' } });

test('the signature is sha256= followed by 64 lower-case hex digits', (t) => {
  t.regex(signPayload(secret, body), /^sha256=[0-9a-f]{64}$/);
});

test('an independent verifier (@octokit/webhooks-methods) accepts our signature', async (t) => {
  t.true(await octokitVerify(secret, body, signPayload(secret, body)));
  t.false(await octokitVerify('other-secret', body, signPayload(secret, body)));
  t.false(await octokitVerify(secret, body + ' ', signPayload(secret, body)));
});

test('we accept what the independent signer produces', async (t) => {
  t.true(verifySignature(secret, body, await octokitSign(secret, body)));
});

test('a string body and its UTF-8 bytes sign the same', (t) => {
  t.is(signPayload(secret, Buffer.from(body, 'utf8')), signPayload(secret, body));
  t.true(verifySignature(secret, Buffer.from(body, 'utf8'), signPayload(secret, body)));
});

test('a changed body, secret or header is refused', (t) => {
  const header = signPayload(secret, body);
  t.false(verifySignature(secret, body.replace('out_1', 'out_2'), header));
  t.false(verifySignature('other', body, header));
  t.false(verifySignature(secret, body, header.toUpperCase()));
  t.false(verifySignature(secret, body, header.replace('sha256=', 'sha1=')));
  t.false(verifySignature(secret, body, header.slice(0, -1)));
  t.false(verifySignature(secret, body, header.slice(0, -1) + 'é'));
  t.false(verifySignature(secret, body, ''));
  t.false(verifySignature(secret, body, undefined));
  t.false(verifySignature(secret, body, null));
});

test('after a rotation the header carries both signatures, each accepted by an independent verifier with its own secret', async (t) => {
  const header = signatureHeaderValue(['whsec_new_0123456789', secret], body);
  const values = header.split(',').map((value) => value.trim());
  t.is(values.length, 2);
  t.is(values[0], signPayload('whsec_new_0123456789', body), 'the new secret signs first');
  t.true(await octokitVerify('whsec_new_0123456789', body, values[0]!));
  t.true(await octokitVerify(secret, body, values[1]!));
  t.true(verifySignature(secret, body, header));
  t.true(verifySignature('whsec_new_0123456789', body, header));
  t.false(verifySignature('whsec_unrelated_000', body, header));
});
