import test from 'ava';
import { randomBytes } from 'node:crypto';
import { createCipher } from '../../../runtime/secrets/cipher.js';

const key = randomBytes(32);

test('encrypt then decrypt gives back the plain text, unicode included', (t) => {
  const cipher = createCipher(key);
  for (const plain of ['whsec_abc123', '', 'ünïcødé ✓ 秘密', 'x'.repeat(10_000)]) {
    t.is(cipher.decrypt(cipher.encrypt(plain)), plain);
  }
});

test('the token is versioned and never contains the plain text', (t) => {
  const token = createCipher(key).encrypt('my-signing-secret');
  t.regex(token, /^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/);
  t.false(token.includes('my-signing-secret'));
});

test('two encryptions of the same text differ (fresh nonce each time)', (t) => {
  const cipher = createCipher(key);
  t.not(cipher.encrypt('same'), cipher.encrypt('same'));
});

test('a tampered ciphertext, tag or nonce is refused', (t) => {
  const cipher = createCipher(key);
  const [version, iv, tag, data] = cipher.encrypt('top secret value').split('.') as [string, string, string, string];
  const flip = (part: string) => {
    const bytes = Buffer.from(part, 'base64url');
    bytes[0] = bytes[0]! ^ 0x01;
    return bytes.toString('base64url');
  };
  t.throws(() => cipher.decrypt([version, iv, tag, flip(data)].join('.')));
  t.throws(() => cipher.decrypt([version, iv, flip(tag), data].join('.')));
  t.throws(() => cipher.decrypt([version, flip(iv), tag, data].join('.')));
  t.throws(() => cipher.decrypt([version, iv, tag.slice(0, 8), data].join('.')), { message: /malformed/ });
  t.throws(() => cipher.decrypt(['v2', iv, tag, data].join('.')), { message: /v1/ });
  t.throws(() => cipher.decrypt('not a token'));
});

test('a token made with another key is refused', (t) => {
  const token = createCipher(key).encrypt('secret');
  t.throws(() => createCipher(randomBytes(32)).decrypt(token));
});

test('a key that is not 32 bytes is refused', (t) => {
  t.throws(() => createCipher(randomBytes(16)), { message: /32 bytes/ });
});

test('changing the caller’s key buffer afterwards does not change the cipher', (t) => {
  const mutable = Buffer.from(key);
  const cipher = createCipher(mutable);
  const token = cipher.encrypt('secret');
  mutable.fill(0);
  t.is(cipher.decrypt(token), 'secret');
});
