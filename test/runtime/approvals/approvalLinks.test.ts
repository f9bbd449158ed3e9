import { createHmac } from 'node:crypto';
import test from 'ava';
import { createApprovalLinks } from '../../../runtime/approvals/approvalLinks.js';

const claims = { actionId: 'act_abc1r1', decision: 'approve' as const, expiresAt: '2026-12-01T00:00:00.000Z' };

test('a signed link verifies to its claims, is deterministic, and only its hash is stored', (t) => {
  const links = createApprovalLinks(Buffer.alloc(32, 1));
  const token = links.sign(claims);
  t.deepEqual(links.verify(token), claims);
  t.is(links.sign(claims), token, 'the same action signs to the same token (restarts, other processes)');
  t.not(links.sign({ ...claims, decision: 'reject' }), token);
  t.regex(links.hash(token), /^[0-9a-f]{64}$/);
  t.false(links.hash(token).includes(token));
});

test('forged, altered, malformed and other-key tokens are refused', (t) => {
  const links = createApprovalLinks(Buffer.alloc(32, 1));
  const token = links.sign(claims);
  const [body, signature] = token.split('.') as [string, string];
  const otherBody = Buffer.from(JSON.stringify({ a: claims.actionId, d: 'reject', e: claims.expiresAt })).toString('base64url');
  t.is(links.verify(`${otherBody}.${signature}`), null, 'claims changed under a valid signature');
  t.is(links.verify(`${body}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`), null);
  t.is(links.verify(createApprovalLinks(Buffer.alloc(32, 2)).sign(claims)), null, 'another key');
  // A MAC under the raw secret key (not the derived one) is refused too.
  const raw = createHmac('sha256', Buffer.alloc(32, 1)).update(body).digest('base64url');
  t.is(links.verify(`${body}.${raw}`), null);
  for (const bad of ['', 'x', 'a.b.c', `${body}.`, '.sig', `${Buffer.from('not json').toString('base64url')}.${signature}`]) t.is(links.verify(bad), null, bad);
});

test('a signature spelled another way that decodes to the same bytes is refused: the token is taken as written', (t) => {
  const links = createApprovalLinks(Buffer.alloc(32, 1));
  const token = links.sign(claims);
  const [body, signature] = token.split('.') as [string, string];
  // 32 bytes are 43 base64url characters; the last one carries 4 bits, its 2 low bits are spare.
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const last = alphabet.indexOf(signature.at(-1)!);
  const respelled = `${signature.slice(0, -1)}${alphabet[last ^ 1]}`;
  t.deepEqual(Buffer.from(respelled, 'base64url'), Buffer.from(signature, 'base64url'), 'the same bytes');
  t.is(links.verify(`${body}.${respelled}`), null);
  t.deepEqual(links.verify(token), claims);
});
