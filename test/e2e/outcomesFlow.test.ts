import type { ExecutionContext } from 'ava';
import { ModelCallError } from '../../models/errors.js';
import { createLocalProvider } from '../../models/local/index.js';
import { think } from '../../models/local/think.js';
import type { ModelProvider } from '../../models/types.js';
import { withRetry } from '../../models/withRetry.js';
import { onEveryBackend } from '../helpers/backends.js';
import type { TestServer } from '../helpers/server.js';
import { eventsOf, schemaCheck, waitForOutcome, workspaceWithKey } from './outcomesHelpers.js';

/** What the tests switch in the model while it runs. */
interface Control {
  /** "[flaky]" briefs fail content_creation while this is set. */
  broken: boolean;
  /** A brief with "[held:<name>]" waits in each step until the gate of that name opens. */
  gates: Map<string, Promise<void>>;
}

/**
 * A gate for "[held:<name>]" briefs: their outcomes hold their place (a slot, a stage) until the
 * test opens it, however slow the machine is; the test's teardown opens it in any case.
 */
function gate(t: ExecutionContext, control: Control, name: string): { tag: string; open(): void } {
  let open!: () => void;
  control.gates.set(name, new Promise<void>((resolve) => (open = resolve)));
  t.teardown(() => open());
  return { tag: `[held:${name}]`, open: () => open() };
}

/**
 * The real local model with three switches read from the brief: "[slow]" thinks 100 ms per step
 * (so outcomes take a while), "[held:<name>]" waits for the test to open that gate (so an outcome
 * is caught mid-flight however slow the machine is), "[flaky]" fails the content_creation stage while
 * `broken` is set (a 503 from the model, retried twice, then given up).
 */
function controlledProvider(control: Control): ModelProvider {
  const local = createLocalProvider();
  return withRetry(
    {
      name: 'controlled',
      async step(input, tools, exchanges, signal) {
        const held = /\[held:([a-z-]+)\]/.exec(input.brief)?.[1];
        if (held) await control.gates.get(held);
        if (input.brief.includes('[slow]')) await think(100, signal);
        if (input.brief.includes('[flaky]') && control.broken && input.stage.name === 'content_creation') {
          throw new ModelCallError('503 Service Unavailable', true, 503);
        }
        return local.step(input, tools, exchanges, signal);
      },
    },
    { retries: 2, minTimeoutMs: 1, factor: 1 },
  );
}

// The engine's contract (revisions, cancel, retry, credits, the waiting line, idempotency) on
// SQLite and on Postgres.
onEveryBackend((backend) => {
  const control: Control = { broken: true, gates: new Map() };
  const started = backend.shared({}, () => ({ modelProvider: controlledProvider(control) }));
  let server: TestServer;
  let check: Awaited<ReturnType<typeof schemaCheck>>;
  const it = (title: string, body: (t: ExecutionContext) => Promise<void>) =>
    backend.test(title, async (t) => {
      server = await started();
      check ??= await schemaCheck(server);
      await body(t);
    });

  it('a revision gets a rev_ id and labels, runs as revision_requested and returns to completed with the feedback applied', async (t) => {
    const deployed = await server.call('POST', '/v1/crews/writer/deploy', {
      body: { brief: 'Write a blog post about planning a vegetable garden', context: 'We are planting tomatoes, beans and courgettes in three raised beds. Raised beds drain well and it is easier on the back.', requirements: { tone: 'professional' } },
    });
    const done = await waitForOutcome(server, deployed.body.outcome_id);
    t.is(done.status, 'completed');
    const before: string = done.result.content;

    const revise = await server.call('POST', `/v1/outcomes/${deployed.body.outcome_id}/revise`, {
      body: { feedback: 'Make it more casual and add examples, but keep the same length. Mention that beans go in after the last frost.', requirements: { tone: 'casual', examples: true }, priority: 'high' },
    });
    t.is(revise.status, 201);
    check(t, 'POST', '/v1/outcomes/{outcome_id}/revise', revise);
    t.regex(revise.body.revision_id, /^rev_/);
    t.is(revise.body.status, 'processing');
    t.true(revise.body.changes_requested.includes('tone_adjustment'));
    t.true(revise.body.changes_requested.includes('add_examples'));
    t.true(revise.body.changes_requested.includes('maintain_length'));

    const revised = await waitForOutcome(server, deployed.body.outcome_id, (b) => b.status === 'completed');
    t.is(revised.revisions_available, 2);
    t.not(revised.result.content, before);
    t.true(revised.result.content.includes('Beans go in after the last frost.'));
    check(t, 'GET', '/v1/outcomes/{outcome_id}', { status: 200, body: revised });
    t.is(revised.completed_at, done.completed_at, 'a revision keeps the first completion');
    t.is(revised.revision_id, revise.body.revision_id);
    t.true(Date.parse(revised.revised_at) >= Date.parse(done.completed_at));
    const result = await server.call('GET', `/v1/outcomes/${deployed.body.outcome_id}/result`);
    check(t, 'GET', '/v1/outcomes/{outcome_id}/result', result);
    t.like(result.body, { completed_at: done.completed_at, revised_at: revised.revised_at, revision_id: revise.body.revision_id });
    const revisions = await server.call('GET', `/v1/outcomes/${deployed.body.outcome_id}/revisions`);
    check(t, 'GET', '/v1/outcomes/{outcome_id}/revisions', revisions);
    t.is(revisions.body.revisions.length, 1);
    t.is(revisions.body.revisions[0].status, 'completed');
    const events = await eventsOf(server, deployed.body.outcome_id);
    const requested = events.find((e) => e.kind === 'outcome.revision_requested')!;
    t.is(requested.data.revision_id, revise.body.revision_id);
    t.deepEqual(requested.data.changes_requested, revise.body.changes_requested);
    const completions = events.filter((e) => e.kind === 'outcome.completed');
    t.is(completions.length, 2);
    t.like(completions[1]!.data, { completed_at: done.completed_at, revised_at: revised.revised_at, revision_id: revise.body.revision_id });
    t.false('revised_at' in completions[0]!.data);
    t.deepEqual(events.map((e) => e.sequence), events.map((_, i) => i + 1));
  });

  it('revising an outcome that is not completed is 409, and the fourth revision is 409 no_revisions_available', async (t) => {
    const held = gate(t, control, 'not-completed');
    const slow = await server.call('POST', '/v1/crews/mind/deploy', { body: { brief: `${held.tag} Summarise the team retrospective` } });
    const tooEarly = await server.call('POST', `/v1/outcomes/${slow.body.outcome_id}/revise`, { body: { feedback: 'Shorter please' } });
    t.is(tooEarly.status, 409);
    t.is(tooEarly.body.error.code, 'outcome_not_completed');
    const result = await server.call('GET', `/v1/outcomes/${slow.body.outcome_id}/result`);
    t.is(result.status, 409);

    const quick = await server.call('POST', '/v1/crews/writer/run', { body: { brief: 'Write a short note about bicycle maintenance' } });
    await waitForOutcome(server, quick.body.outcome_id);
    // Each round applies something (a stated fact), so each uses a revision: one that applies
    // nothing gives its revision back (issue 19).
    for (let i = 0; i < 3; i += 1) {
      const revise = await server.call('POST', `/v1/outcomes/${quick.body.outcome_id}/revise`, { body: { feedback: `Mention that round ${i} checked the chain.` } });
      t.is(revise.status, 201);
      await waitForOutcome(server, quick.body.outcome_id, (b) => b.status === 'completed');
    }
    const fourth = await server.call('POST', `/v1/outcomes/${quick.body.outcome_id}/revise`, { body: { feedback: 'One more time' } });
    t.is(fourth.status, 409);
    t.is(fourth.body.error.code, 'no_revisions_available');
  });

  it('cancel fails a processing outcome with code cancelled and gives its credit back', async (t) => {
    const { workspace, key } = await workspaceWithKey(server, 'cancellers', { credits: 5, concurrentOutcomes: 3 });
    const held = gate(t, control, 'cancel');
    const deployed = await server.call('POST', '/v1/crews/writer/deploy', { key, body: { brief: `${held.tag} A long essay about the history of tea` } });
    t.is(await server.runtime.repos.credits.remaining(workspace.id), 4);
    const cancelled = await server.call('POST', `/v1/outcomes/${deployed.body.outcome_id}/cancel`, { key });
    t.is(cancelled.status, 200);
    check(t, 'POST', '/v1/outcomes/{outcome_id}/cancel', cancelled);
    t.is(cancelled.body.status, 'failed');
    t.is(cancelled.body.error.code, 'cancelled');
    const { stage, agent, retry_count, last_error } = cancelled.body.error.details;
    t.is(typeof stage, 'string');
    t.is(typeof agent, 'string');
    t.true(stage.length > 0 && agent.length > 0);
    t.is(retry_count, 0);
    t.is(last_error, 'Cancelled on request.');
    t.is(await server.runtime.repos.credits.remaining(workspace.id), 5);
    const again = await server.call('POST', `/v1/outcomes/${deployed.body.outcome_id}/cancel`, { key });
    t.is(again.status, 409);
    const events = await eventsOf(server, deployed.body.outcome_id);
    t.is(events.at(-1)!.kind, 'outcome.failed');
    t.deepEqual((events.at(-1)!.data.error as { details: unknown }).details, cancelled.body.error.details, 'the event carries the same details as the outcome');
    const shown = await server.call('GET', `/v1/outcomes/${deployed.body.outcome_id}`, { key });
    t.deepEqual(shown.body.error.details, cancelled.body.error.details);
  });

  it('a model that keeps failing fails the outcome with content_generation_failed; retry resumes and completes', async (t) => {
    const { workspace, key } = await workspaceWithKey(server, 'retriers', { credits: 3, concurrentOutcomes: 3 });
    control.broken = true;
    const deployed = await server.call('POST', '/v1/crews/writer/deploy', { key, body: { brief: '[flaky] A guide to composting in small flats' } });
    const failed = await waitForOutcome(server, deployed.body.outcome_id, undefined, key);
    t.is(failed.status, 'failed');
    check(t, 'GET', '/v1/outcomes/{outcome_id}', { status: 200, body: failed });
    t.is(failed.error.code, 'content_generation_failed');
    t.deepEqual(failed.error.details, { stage: 'content_creation', agent: 'ContentAgent', retry_count: 2, last_error: '503 Service Unavailable' });
    t.true(failed.retry_available);
    t.truthy(failed.estimated_retry_time);
    t.is(await server.runtime.repos.credits.remaining(workspace.id), 3, 'the failed outcome gave its credit back');
    const failedEvent = (await eventsOf(server, deployed.body.outcome_id)).find((e) => e.kind === 'outcome.failed')!;
    t.deepEqual((failedEvent.data.error as { details: unknown }).details, failed.error.details);
    t.is(failedEvent.data.retry_available, true);

    control.broken = false;
    const retried = await server.call('POST', `/v1/outcomes/${deployed.body.outcome_id}/retry`, { key });
    t.is(retried.status, 200);
    check(t, 'POST', '/v1/outcomes/{outcome_id}/retry', retried);
    t.is(retried.body.status, 'processing');
    const done = await waitForOutcome(server, deployed.body.outcome_id, undefined, key);
    t.is(done.status, 'completed');
    t.is(await server.runtime.repos.credits.remaining(workspace.id), 2);
    const agentsStarted = (await eventsOf(server, deployed.body.outcome_id)).filter((e) => e.kind === 'crew.agent_started').map((e) => e.data.stage);
    t.deepEqual(agentsStarted, ['research', 'outline_creation', 'content_creation', 'content_creation', 'editing', 'seo_optimization', 'publishing'], 'the retry resumed at the failed stage');
    t.is((await server.call('POST', `/v1/outcomes/${deployed.body.outcome_id}/retry`, { key })).status, 409);
  });

  it('out of credits is 402 insufficient_credits with its details', async (t) => {
    const { key } = await workspaceWithKey(server, 'broke', { credits: 1, concurrentOutcomes: 3 });
    t.is((await server.call('POST', '/v1/crews/writer/run', { key, body: { brief: 'The only post we can afford' } })).status, 201);
    const refused = await server.call('POST', '/v1/crews/writer/deploy', { key, body: { brief: 'One post too many for the plan' } });
    t.is(refused.status, 402);
    check(t, 'POST', '/v1/crews/{crew_id}/deploy', refused);
    t.is(refused.body.error.code, 'insufficient_credits');
    t.is(refused.body.error.details.outcomes_remaining, 0);
    t.is(refused.body.error.details.outcomes_required, 1);
    t.is(typeof refused.body.error.details.upgrade_url, 'string');
  });

  it('beyond the concurrency limit deploys wait in line as queued; past 4x the limit they get 429 with Retry-After', async (t) => {
    const { key } = await workspaceWithKey(server, 'queuers', { credits: null, concurrentOutcomes: 1 });
    // The first outcome holds the one slot until the test lets it go: a loaded machine cannot
    // finish it (and start the line) while the line is being checked.
    const held = gate(t, control, 'line');
    const first = await server.call('POST', '/v1/crews/writer/deploy', { key, body: { brief: `${held.tag} First in line gets the slot` } });
    t.is(first.status, 201);
    // On Postgres the shared queue starts an outcome just after its deploy commits, so the answer may still say queued.
    t.true(['research', 'queued'].includes(first.body.progress.current_stage));
    await waitForOutcome(server, first.body.outcome_id, (b) => b.progress?.current_stage !== 'queued', key);
    const waiting: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const next = await server.call('POST', '/v1/crews/writer/deploy', { key, body: { brief: `[slow] Waiting outcome number ${i}` } });
      t.is(next.status, 201);
      t.is(next.body.status, 'processing');
      t.is(next.body.progress.current_stage, 'queued');
      waiting.push(next.body.outcome_id);
    }
    const view = await server.call('GET', `/v1/outcomes/${waiting[0]}`, { key });
    t.is(view.body.progress.current_stage, 'queued');
    const refused = await server.call('POST', '/v1/crews/writer/deploy', { key, body: { brief: '[slow] One more than the line holds' } });
    t.is(refused.status, 429);
    t.is(refused.body.error.code, 'concurrency_limit_exceeded');
    t.truthy(refused.headers.get('retry-after'));
    // First in, first out: the line drains in order (read from when each completed, not from
    // which poll saw it first).
    held.open();
    const done = await Promise.all(waiting.map((id) => waitForOutcome(server, id, undefined, key)));
    t.true(done.every((view) => view.status === 'completed'), JSON.stringify(done.map((view) => view.status)));
    const order = [...done].sort((a, b) => Date.parse(a.completed_at) - Date.parse(b.completed_at) || 0).map((view) => view.id as string);
    t.deepEqual(order, waiting);
  });

  it('an Idempotency-Key replays the first deploy instead of creating a second outcome', async (t) => {
    const body = { brief: 'A post we only want to create once' };
    const first = await server.call('POST', '/v1/crews/writer/deploy', { body, headers: { 'Idempotency-Key': 'deploy-once-1' } });
    const second = await server.call('POST', '/v1/crews/writer/deploy', { body, headers: { 'Idempotency-Key': 'deploy-once-1' } });
    t.is(first.status, 201);
    t.is(second.status, 201);
    t.is(second.body.outcome_id, first.body.outcome_id);
  });
});
