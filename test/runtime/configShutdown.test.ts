import test from 'ava';
import { ConfigError, loadConfig } from '../../runtime/config.js';

test('CREWD_SHUTDOWN_MS bounds a graceful shutdown: 10 s by default, a whole number of ms from 100 to 600000, and a bad value names the variable', (t) => {
  t.is(loadConfig({}).shutdownMs, 10_000);
  t.is(loadConfig({ CREWD_SHUTDOWN_MS: '2500' }).shutdownMs, 2_500);
  for (const bad of ['soon', '50', '600001', '-1']) {
    const error = t.throws(() => loadConfig({ CREWD_SHUTDOWN_MS: bad }), { instanceOf: ConfigError });
    t.is(error?.variable, 'CREWD_SHUTDOWN_MS');
    t.true(error?.message.startsWith('CREWD_SHUTDOWN_MS:'));
  }
});
