import test from 'ava';
import { ConfigError, loadConfig } from '../../runtime/config.js';

test('defaults serve on 127.0.0.1:8080 with SQLite in ./data and the local model', (t) => {
  const config = loadConfig({});
  t.is(config.port, 8080);
  t.is(config.host, '127.0.0.1');
  t.true(config.dataDir.endsWith('/data'));
  t.is(config.databaseUrl, undefined);
  t.is(config.model, 'local');
  t.deepEqual(config.webhookRetryDelaysMs, [0, 60_000, 300_000, 1_800_000, 7_200_000]);
  t.is(config.webhookTimeoutMs, 30_000);
  t.false(config.allowPrivateUrls);
});

test('a bad value stops start-up with a message naming the variable', (t) => {
  const cases: Array<[Record<string, string>, string]> = [
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ CREWD_DATABASE_URL: 'mysql://x' }, 'CREWD_DATABASE_URL'],
    [{ CREWD_MODEL: 'gpt' }, 'CREWD_MODEL'],
    [{ CREWD_BOOTSTRAP_KEY: 'short' }, 'CREWD_BOOTSTRAP_KEY'],
    [{ CREWD_SECRET_KEY: 'dG9vIHNob3J0' }, 'CREWD_SECRET_KEY'],
    [{ CREWD_LOCAL_MODEL_DELAY_MS: '-5' }, 'CREWD_LOCAL_MODEL_DELAY_MS'],
    [{ CREWD_WEBHOOK_RETRY_DELAYS_MS: '0,1m' }, 'CREWD_WEBHOOK_RETRY_DELAYS_MS'],
    [{ CREWD_WEBHOOK_TIMEOUT_MS: '0' }, 'CREWD_WEBHOOK_TIMEOUT_MS'],
    [{ CREWD_ALLOW_PRIVATE_URLS: 'yes' }, 'CREWD_ALLOW_PRIVATE_URLS'],
    [{ CREWD_CHAT_API_URL: 'not a url' }, 'CREWD_CHAT_API_URL'],
  ];
  for (const [env, variable] of cases) {
    const error = t.throws(() => loadConfig(env), { instanceOf: ConfigError }, variable);
    t.is(error?.variable, variable);
    t.true(error?.message.startsWith(`${variable}:`));
  }
});
