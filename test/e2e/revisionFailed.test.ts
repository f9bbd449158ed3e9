import WebSocket from 'ws';
import { ModelCallError } from '../../models/errors.js';
import { createLocalProvider } from '../../models/local/index.js';
import type { ModelProvider } from '../../models/types.js';
import { withRetry } from '../../models/withRetry.js';
import { onEveryBackend } from '../helpers/backends.js';
import { capturedLogger } from '../helpers/capturedLogger.js';
import type { TestServer } from '../helpers/server.js';
import { until } from '../helpers/until.js';
import { startReceiver } from '../helpers/webhookReceiver.js';
import { eventsOf, schemaCheck, waitForOutcome } from './outcomesHelpers.js';

/** The local model, except that every revision step fails (a 400 from the model, not retried). */
function revisionBreaks(): ModelProvider {
  const local = createLocalProvider();
  return withRetry(
    {
      name: 'revision-breaks',
      async step(input, tools, exchanges, signal) {
        if (input.revision) throw new ModelCallError('400 the revision prompt was refused', false, 400);
        return local.step(input, tools, exchanges, signal);
      },
    },
    { retries: 0, minTimeoutMs: 1, factor: 1 },
  );
}

/** Opens the outcome's stream and resolves with the events it got once the server closes it. */
function follow(server: TestServer, outcomeId: string): Promise<{ events: string[]; code: number }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/v1/outcomes/${outcomeId}/stream`, { headers: { authorization: `Bearer ${server.key}` } });
    const events: string[] = [];
    ws.on('message', (data) => events.push((JSON.parse(String(data)) as { event: string }).event));
    ws.on('close', (code) => resolve({ events, code }));
    ws.on('error', reject);
  });
}

// Issue 25: a failed revision was silent (no reason on the record, no event, no log line), and a
// stream or webhook client waited for an event that never came.
onEveryBackend((backend) => {
  backend.test('a failed revision shows its error on the record, emits outcome.revision_failed to streams and webhooks, and logs a warning', async (t) => {
    const captured = capturedLogger();
    const server = await backend.start({ CREWD_WEBHOOK_RETRY_DELAYS_MS: '0,60000' }, { modelProvider: revisionBreaks(), logger: captured.logger });
    t.teardown(() => server.close());
    const check = await schemaCheck(server);
    const secret = 'whsec_revision_failed_0123456789';
    const receiver = await startReceiver({ secret });
    t.teardown(() => receiver.close());
    const hook = await server.call('POST', '/v1/webhooks', { body: { url: receiver.url, events: ['outcome.revision_failed'], secret } });
    t.is(hook.status, 201, JSON.stringify(hook.body));

    const deployed = await server.call('POST', '/v1/crews/writer/deploy', { body: { brief: 'Write a short note about bicycle maintenance for commuters' } });
    const done = await waitForOutcome(server, deployed.body.outcome_id);
    t.is(done.status, 'completed');
    const revise = await server.call('POST', `/v1/outcomes/${deployed.body.outcome_id}/revise`, { body: { feedback: 'Mention that the chain needs oil every month.' } });
    t.is(revise.status, 201);
    // Opened while the revision runs (or just after it failed): either way it ends after revision_failed.
    const stream = follow(server, deployed.body.outcome_id);
    const revisionId: string = revise.body.revision_id;

    const record = await until(async () => {
      const list = await server.call('GET', `/v1/outcomes/${deployed.body.outcome_id}/revisions`);
      const found = list.body.revisions.find((entry: { revision_id: string }) => entry.revision_id === revisionId);
      if (found?.status === 'processing') return undefined;
      check(t, 'GET', '/v1/outcomes/{outcome_id}/revisions', list);
      return found;
    }, 'the revision to settle', 60_000);
    t.is(record.status, 'failed');
    t.like(record.error, { code: 'content_generation_failed', stage: 'editing' });
    t.regex(record.error.message, /\S/);
    t.regex(record.error.details.last_error, /revision prompt was refused/);

    const outcome = await waitForOutcome(server, deployed.body.outcome_id);
    t.is(outcome.status, 'completed');
    t.is(outcome.result.content, done.result.content, 'the outcome keeps its content');
    t.is(outcome.revisions_available, 3, 'the failed revision is given back');

    const events = await eventsOf(server, deployed.body.outcome_id);
    const failed = events.find((event) => event.kind === 'outcome.revision_failed');
    t.truthy(failed, 'an outcome.revision_failed event follows outcome.revision_requested');
    t.like(failed!.data, { outcome_id: deployed.body.outcome_id, revision_id: revisionId, revisions_available: 3 });
    t.like((failed!.data as { error: unknown }).error, { code: 'content_generation_failed', stage: 'editing' });
    t.is(events.at(-1)!.kind, 'outcome.revision_failed');
    const metrics = await server.call('GET', '/metrics');
    t.regex(String(metrics.body), /crewd_outcomes_total\{crew="writer",status="revision_failed"\} 1/, 'operators count failed revisions');

    const followed = await stream;
    t.is(followed.code, 1000, 'a stream open during the revision ends');
    t.is(followed.events.at(-1), 'outcome.revision_failed');

    const [arrival] = await receiver.waitFor(1);
    t.true(arrival!.verified);
    t.like(JSON.parse(arrival!.body), { event: 'outcome.revision_failed', data: { revision_id: revisionId } });

    const warning = await until(async () => captured.lines.find((line) => line.revision_id === revisionId && line.level === 40), 'the warn line', 60_000);
    t.is(warning.outcome_id, deployed.body.outcome_id);
    t.regex(String(warning.msg), /revision/);
  });
});
