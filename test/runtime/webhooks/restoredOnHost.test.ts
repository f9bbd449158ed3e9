import fs from 'node:fs';
import test from 'ava';
import { keyedCall, serveProcess, stopProcess } from '../../helpers/processes.js';
import { createPostgresDatabase, postgresTest } from '../../helpers/postgres.js';
import { tempDir } from '../../helpers/server.js';
import { startReceiver } from '../../helpers/webhookReceiver.js';
import { webhooksSettled } from '../../helpers/webhooksSettled.js';

const secret = 'whsec_restoredonhost_0123456789';
const bootstrapKey = 'crew_sk_restoredonhost0123456789';
const call = keyedCall(bootstrapKey);

/** The live delivery actors of the process, by state, as its metrics show them. */
async function liveDeliveryActors(url: string): Promise<Record<string, number>> {
  const text = await (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${bootstrapKey}` } })).text();
  const out: Record<string, number> = {};
  for (const match of text.matchAll(/^crewd_live_actors\{machine="webhookDelivery",state="([^"]+)"\} (\d+)$/gm)) out[match[1]!] = Number(match[2]);
  return out;
}

/** The test on SQLite (a data dir) or on Postgres (a fresh database; the data dir holds only the key file). */
async function killedWhileWaiting(t: import('ava').ExecutionContext, database: 'sqlite' | 'postgres'): Promise<void> {
  const dataDir = tempDir();
  const pg = database === 'postgres' ? await createPostgresDatabase() : null;
  t.teardown(async () => pg?.drop());
  // Attempt 1 fails before the kill; attempt 2 (after restart) hangs until the receiver timeout; attempt 3 succeeds.
  const receiver = await startReceiver({ secret, plan: [500, 'hang'], otherwise: 200 });
  const env = {
    CREWD_LOG_LEVEL: 'silent',
    CREWD_DATA_DIR: dataDir,
    CREWD_BOOTSTRAP_KEY: bootstrapKey,
    CREWD_ALLOW_PRIVATE_URLS: '1',
    CREWD_WEBHOOK_RETRY_DELAYS_MS: '0,1500,200',
    CREWD_WEBHOOK_TIMEOUT_MS: '2000',
    ...(pg ? { CREWD_DATABASE_URL: pg.url } : {}),
  };
  let { child, url } = await serveProcess(env);
  t.teardown(async () => {
    await stopProcess(child, 'SIGKILL');
    await receiver.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const hook = await call(url, 'POST', '/v1/webhooks', { url: receiver.url, events: ['outcome.completed'], secret });
  const first = await call(url, 'POST', `/v1/webhooks/${hook.body.id}/test`, {});
  t.like(first.body, { status: 'failed', response_code: 500, attempt: 1 });
  t.deepEqual(await liveDeliveryActors(url), {}, 'a waiting delivery is at rest: stored and out of memory');
  await stopProcess(child, 'SIGKILL');

  ({ child, url } = await serveProcess(env));
  const [, second] = await receiver.waitFor(2);
  t.is(second!.headers['x-service-attempt'], '2');
  // Attempt 2 hangs at the receiver: the restored delivery is in flight as an actor of the host.
  t.deepEqual(await liveDeliveryActors(url), { attempting: 1 });

  const arrivals = await receiver.waitFor(3);
  t.deepEqual(arrivals.map((a) => a.headers['x-service-attempt']), ['1', '2', '3'], 'each attempt once, none repeated by the restart');
  t.true(arrivals.every((a) => a.verified && a.headers['x-service-delivery'] === first.body.id && a.body === arrivals[0]!.body));
  // Nothing left that could send (a re-fired timer would need an unfinished delivery): count now.
  await webhooksSettled([url], bootstrapKey);
  t.is(receiver.arrivals.length, 3, 'delivered once');
  const deliveries = await call(url, 'GET', `/v1/webhooks/${hook.body.id}/deliveries`);
  t.like(deliveries.body.deliveries[0], { id: first.body.id, status: 'success', attempt: 3, response_code: 200 });
  t.deepEqual(await liveDeliveryActors(url), {}, 'finished: out of memory');
}

test.serial('a delivery waiting on its retry when the process is killed (SIGKILL) resumes on the actor host after restart and is delivered once', (t) => killedWhileWaiting(t, 'sqlite'));

postgresTest('on Postgres: a delivery waiting on its retry when the process is killed (SIGKILL) resumes on the actor host after restart and is delivered once', (t) => killedWhileWaiting(t, 'postgres'));
