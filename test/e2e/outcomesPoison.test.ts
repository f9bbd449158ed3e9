import test, { type ExecutionContext } from 'ava';
import { createModelProvider } from '../../models/createModelProvider.js';
import type { ModelProvider } from '../../models/types.js';
import { createPostgresDatabase, postgresTest } from '../helpers/postgres.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { eventsOf, waitForOutcome } from './outcomesHelpers.js';

/** Nested deeper than JSON.stringify can walk: encoding it throws RangeError. */
function deeplyNested(depth: number): Record<string, unknown> {
  let value: Record<string, unknown> = {};
  for (let i = 0; i < depth; i += 1) value = { inner: value };
  return value;
}

/**
 * The local model, except for briefs that name a poison: their first stage returns an output
 * storage cannot hold (data nested 20,000 levels deep everywhere; on Postgres also a NUL byte).
 */
function poisoningModel(nul: boolean): ModelProvider {
  const local = createModelProvider({ model: 'local', localDelayMs: 0 });
  return {
    name: 'poisoning',
    async step(input, tools, exchanges, signal) {
      const result = await local.step(input, tools, exchanges, signal);
      if (result.kind !== 'final' || input.stageIndex !== 0) return result;
      if (input.brief.includes('POISON-DEPTH')) return { kind: 'final', output: { ...result.output, data: deeplyNested(20_000) } };
      if (nul && input.brief.includes('POISON-NUL')) return { kind: 'final', output: { ...result.output, content: `${result.output.content}\u0000` } };
      return result;
    },
  };
}

async function checkIsolation(t: ExecutionContext, server: TestServer, poisons: string[]): Promise<void> {
  const deploy = (brief: string) => server.call('POST', '/v1/crews/writer/deploy', { body: { brief } });
  const healthyBefore = await Promise.all([1, 2, 3].map((i) => deploy(`A healthy blog post about gardening, number ${i}`)));
  const poisoned = await Promise.all(poisons.map((poison) => deploy(`A post whose research is ${poison} and cannot be stored`)));
  const healthyBeside = await Promise.all([4, 5, 6].map((i) => deploy(`A healthy blog post about cycling, number ${i}`)));
  for (const response of [...healthyBefore, ...poisoned, ...healthyBeside]) t.is(response.status, 201);

  for (const response of poisoned) {
    const failed = await waitForOutcome(server, response.body.outcome_id);
    t.is(failed.status, 'failed');
    t.is(failed.error.code, 'internal_error');
    t.truthy(failed.error.details.reason);
    t.is(typeof failed.error.details.stage, 'string');
    t.is(typeof failed.error.details.agent, 'string');
    t.is(failed.error.details.retry_count, 0);
    t.is(failed.error.details.last_error, failed.error.details.reason);
    t.false(failed.retry_available);
    // An isolated outcome cannot be retried: a clean 409 in the error shape, never a 500.
    const retried = await server.call('POST', `/v1/outcomes/${response.body.outcome_id}/retry`);
    t.is(retried.status, 409);
    t.is(retried.body.error.code, 'outcome_not_retryable');
    t.is(typeof retried.body.error.message, 'string');
    t.is(retried.body.error.details.outcome_id, response.body.outcome_id);
    const kinds = (await eventsOf(server, response.body.outcome_id)).map((event) => event.kind);
    t.is(kinds.at(-1), 'outcome.failed');
  }
  for (const response of [...healthyBefore, ...healthyBeside]) t.is((await waitForOutcome(server, response.body.outcome_id)).status, 'completed');

  // The host went on: a deploy after the poison completes, and readiness holds.
  const after = await deploy('A healthy post written after the poisoned ones');
  t.is((await waitForOutcome(server, after.body.outcome_id)).status, 'completed');
  t.is((await server.call('GET', '/readyz', { key: null })).status, 200);
  t.true(server.runtime.actorHost.health().flushFailures >= 1);
}

test('an outcome whose rows cannot be stored fails with internal_error while the outcomes beside it complete, on SQLite', async (t) => {
  const server = await startServer({}, { modelProvider: poisoningModel(false) });
  t.teardown(() => server.close());
  await checkIsolation(t, server, ['POISON-DEPTH']);
});

postgresTest('an outcome whose rows cannot be stored fails with internal_error while the outcomes beside it complete, on Postgres', async (t) => {
  const pg = await createPostgresDatabase();
  const server = await startServer({ CREWD_DATABASE_URL: pg.url }, { modelProvider: poisoningModel(true) });
  t.teardown(async () => {
    await server.close();
    await pg.drop();
  });
  await checkIsolation(t, server, ['POISON-DEPTH', 'POISON-NUL']);
});
