import type { ExecutionContext } from 'ava';
import WebSocket from 'ws';
import { onEveryBackend } from '../helpers/backends.js';
import type { TestServer } from '../helpers/server.js';
import { until } from '../helpers/until.js';
import { startReceiver } from '../helpers/webhookReceiver.js';
import { eventsOf, schemaCheck, waitForOutcome, workspaceWithKey } from './outcomesHelpers.js';

/**
 * The engine's end-to-end contract on SQLite and on Postgres (issue 25, Must have 1): deploy and
 * run followed by stream and webhook, batch with dependencies, scopes and workspaces. Revisions,
 * cancel, retry, credits, the waiting line and idempotency are in outcomesFlow.test.ts, a failed
 * revision in revisionFailed.test.ts, a stream past the end in stream.test.ts: each runs on both.
 */

const secret = 'whsec_contract_0123456789abcdef';

/** What a stream carried until the server closed it, and the close code. */
interface Followed {
  events: Array<{ event: string; sequence: number }>;
  code: number;
}

onEveryBackend((backend) => {
  const started = backend.shared({ CREWD_LOCAL_MODEL_DELAY_MS: '5', CREWD_WEBHOOK_RETRY_DELAYS_MS: '0,60000' });
  let check: Awaited<ReturnType<typeof schemaCheck>> | undefined;
  const it = (title: string, body: (t: ExecutionContext, server: TestServer, check: Awaited<ReturnType<typeof schemaCheck>>) => Promise<void>) =>
    backend.test(title, async (t) => {
      const server = await started();
      check ??= await schemaCheck(server);
      await body(t, server, check);
    });

  it('a deploy runs to completed; its stream carries every stored event and closes; a webhook gets outcome.completed, signed', async (t, server, check) => {
    const { workspace, key } = await workspaceWithKey(server, `contract-${backend.name}`, { credits: 5, concurrentOutcomes: 3 });
    const receiver = await startReceiver({ secret });
    t.teardown(() => receiver.close());
    const hook = await server.call('POST', '/v1/webhooks', { key, body: { url: receiver.url, events: ['outcome.completed'], secret } });
    t.is(hook.status, 201);

    const deployed = await server.call('POST', '/v1/crews/writer/deploy', { key, body: { brief: 'Write a short launch note for our offline inspection app' } });
    t.is(deployed.status, 201);
    check(t, 'POST', '/v1/crews/{crew_id}/deploy', deployed);
    const id: string = deployed.body.outcome_id;
    const stream = new Promise<Followed>((resolve, reject) => {
      const ws = new WebSocket(`${server.url.replace('http', 'ws')}/v1/outcomes/${id}/stream`, { headers: { authorization: `Bearer ${key}` } });
      const events: Array<{ event: string; sequence: number }> = [];
      ws.on('message', (data) => events.push(JSON.parse(String(data)) as { event: string; sequence: number }));
      ws.on('close', (code) => resolve({ events, code }));
      ws.on('error', reject);
    });
    const done = await waitForOutcome(server, id, undefined, key);
    t.is(done.status, 'completed');
    check(t, 'GET', '/v1/outcomes/{outcome_id}', { status: 200, body: done });
    t.is(await server.runtime.repos.credits.remaining(workspace.id), 4, 'one credit spent');

    const followed = await stream;
    t.is(followed.code, 1000);
    t.is(followed.events[0]!.event, 'outcome.snapshot');
    const stored = await eventsOf(server, id);
    t.deepEqual(
      followed.events.slice(1).map((event) => event.sequence),
      stored.map((event) => event.sequence),
      'after the snapshot, every stored event (after=0), each once, in order',
    );
    t.is(stored.at(-1)!.kind, 'outcome.completed');

    const [arrival] = await receiver.waitFor(1);
    t.true(arrival!.verified, 'signed with the webhook secret');
    t.like(JSON.parse(arrival!.body), { event: 'outcome.completed', data: { outcome_id: id } });

    const run = await server.call('POST', '/v1/crews/mind/run', { key, body: { brief: 'Summarise the weekly operations meeting notes' } });
    t.is(run.status, 201);
    check(t, 'POST', '/v1/crews/{crew_id}/run', run);
    t.is((await waitForOutcome(server, run.body.outcome_id, undefined, key)).status, 'completed');
  });

  it('a batch runs its entries after the ones they depend on, and the workflow completes', async (t, server, check) => {
    const response = await server.call('POST', '/v1/crews/batch-deploy', {
      body: {
        workflow_name: 'Launch the invoice export',
        crews: [
          { crew_id: 'pilot', brief: 'Plan a feature that lets customers export invoices as CSV', priority: 1 },
          { crew_id: 'writer', brief: 'Write the launch announcement for the invoice export', priority: 2, depends_on: ['pilot'] },
        ],
      },
    });
    t.is(response.status, 201);
    check(t, 'POST', '/v1/crews/batch-deploy', response);
    const [pilot, writer] = response.body.outcomes;
    const workflow = await until(async () => {
      const current = await server.call('GET', `/v1/workflows/${response.body.workflow_id}`);
      return current.body.status === 'running' ? undefined : current;
    }, 'the workflow to finish');
    check(t, 'GET', '/v1/workflows/{workflow_id}', workflow);
    t.is(workflow.body.status, 'completed');
    const pilotDone = (await eventsOf(server, pilot.outcome_id)).find((event) => event.kind === 'outcome.completed')!;
    const writerStarted = (await eventsOf(server, writer.outcome_id)).find((event) => event.kind === 'outcome.processing')!;
    t.true(writerStarted.position > pilotDone.position, 'the dependent started after its dependency completed');
  });

  it('scopes and workspaces hold: a read-only key cannot deploy or revise, another workspace sees 404', async (t, server) => {
    const { secret: readOnly } = await server.runtime.keys.create({ workspaceId: server.workspaceId, name: `read only ${backend.name}`, permissions: ['crews:read', 'outcomes:read'] });
    const refused = await server.call('POST', '/v1/crews/writer/deploy', { key: readOnly, body: { brief: 'A post we are not allowed to ask for' } });
    t.is(refused.status, 403);
    t.is(refused.body.error.code, 'forbidden');
    const deployed = await server.call('POST', '/v1/crews/writer/run', { body: { brief: 'A private post about our roadmap' } });
    await waitForOutcome(server, deployed.body.outcome_id);
    t.is((await server.call('GET', `/v1/outcomes/${deployed.body.outcome_id}`, { key: readOnly })).status, 200);
    t.is((await server.call('POST', `/v1/outcomes/${deployed.body.outcome_id}/revise`, { key: readOnly, body: { feedback: 'Shorter please' } })).status, 403);
    const other = await workspaceWithKey(server, `outsiders-${backend.name}`);
    for (const path of [`/v1/outcomes/${deployed.body.outcome_id}`, `/v1/outcomes/${deployed.body.outcome_id}/revisions`]) {
      t.is((await server.call('GET', path, { key: other.key })).status, 404, path);
    }
    t.is((await server.call('POST', `/v1/outcomes/${deployed.body.outcome_id}/revise`, { key: other.key, body: { feedback: 'Shorter please' } })).status, 404);
    t.deepEqual((await server.call('GET', '/v1/outcomes?limit=100', { key: other.key })).body.data, []);
  });
});

