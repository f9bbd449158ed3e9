import test from 'ava';
import { redactedUrl } from '../../../runtime/telemetry/traceSender.js';

test('a webhook URL on a span keeps scheme, host and path but no credentials or query values', (t) => {
  t.is(redactedUrl('https://user:pass@hooks.example.com/in/crewd?token=abc&sig=1&sig=2#frag'), 'https://hooks.example.com/in/crewd?token=REDACTED&sig=REDACTED');
  t.is(redactedUrl('http://127.0.0.1:9000/hook'), 'http://127.0.0.1:9000/hook');
  t.is(redactedUrl('not a url'), 'invalid');
});
