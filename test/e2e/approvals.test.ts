import fs from 'node:fs/promises';
import test from 'ava';
import WebSocket from 'ws';
import { until } from '../helpers/until.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { deploy, waitForAction, waitForSettled } from './approvalsHelpers.js';
import { eventsOf, schemaCheck, workspaceWithKey } from './outcomesHelpers.js';

let server: TestServer;
let check: Awaited<ReturnType<typeof schemaCheck>>;

test.before(async () => {
  server = await startServer();
  check = await schemaCheck(server);
});
test.after.always(async () => {
  await server?.close();
});

const brief = 'Write a blog post about planning a vegetable garden in raised beds';

test('before_integrations: the outcome waits with a pending action, an edited approval publishes the edited text', async (t) => {
  const id = await deploy(server, { brief, integrations: { save_to_drive: true }, approvals: { before_integrations: true } });
  const waiting = await waitForAction(server, id);
  check(t, 'GET', '/v1/outcomes/{outcome_id}', { status: 200, body: waiting });
  t.is(waiting.status, 'processing');
  t.is(waiting.progress.current_stage, 'awaiting_approval');
  const action = waiting.pending_action;
  t.regex(action.id, /^act_/);
  t.is(action.kind, 'approve_integrations');
  t.true(action.preview.content.length > 50);
  t.like(action.preview.integrations[0], { integration: 'drive', flag: 'save_to_drive' });
  t.true(Date.parse(action.expires_at) - Date.parse(action.requested_at) === 72 * 3_600_000);
  // Nothing was published yet.
  t.deepEqual((await server.runtime.repos.outcomes.get(server.workspaceId, id))!.integrations_executed, {});

  const pending = await server.call('GET', '/v1/actions?status=pending');
  t.is(pending.status, 200);
  check(t, 'GET', '/v1/actions', pending);
  t.true(pending.body.data.some((a: { id: string }) => a.id === action.id));

  const edited = '# Raised beds, edited\n\nEdited by a reviewer before it was published: beans go in after the last frost.';
  const decided = await server.call('POST', `/v1/outcomes/${id}/actions/${action.id}`, { body: { decision: 'approve', comment: 'Tightened the intro', content: edited } });
  t.is(decided.status, 200, JSON.stringify(decided.body));
  check(t, 'POST', '/v1/outcomes/{outcome_id}/actions/{action_id}', decided);
  t.like(decided.body, { id: action.id, status: 'approved', decision: 'approve', comment: 'Tightened the intro', content_edited: true });
  t.is(decided.body.decided_by.type, 'api_key');

  const done = await waitForSettled(server, id);
  t.is(done.status, 'completed');
  t.is(done.result.content, edited);
  const result = await server.call('GET', `/v1/outcomes/${id}/result`);
  t.is(result.body.integrations_executed.drive.status, 'success');
  const saved = await fs.readFile(new URL(result.body.integrations_executed.drive.file_url), 'utf8');
  t.true(saved.includes('Edited by a reviewer before it was published'), 'the drive holds the edited text');

  // The same decision replays; the other one is a 409.
  const again = await server.call('POST', `/v1/outcomes/${id}/actions/${action.id}`, { body: { decision: 'approve' } });
  t.is(again.status, 200);
  t.is(again.body.decided_at, decided.body.decided_at);
  const other = await server.call('POST', `/v1/outcomes/${id}/actions/${action.id}`, { body: { decision: 'reject' } });
  t.is(other.status, 409);
  t.is(other.body.error.code, 'action_already_resolved');

  const kinds = (await eventsOf(server, id)).map((event) => event.kind);
  t.true(kinds.indexOf('outcome.action_required') < kinds.indexOf('outcome.action_resolved'));
  t.true(kinds.indexOf('outcome.action_resolved') < kinds.indexOf('integration.executed'));
  const resolved = (await eventsOf(server, id)).find((event) => event.kind === 'outcome.action_resolved')!;
  t.like(resolved.data, { action_id: action.id, decision: 'approve', comment: 'Tightened the intro', content_edited: true });
});

test('reject of approve_integrations completes without running them (status rejected)', async (t) => {
  const id = await deploy(server, { brief, integrations: { save_to_drive: true }, approvals: { before_integrations: true } });
  const action = (await waitForAction(server, id)).pending_action;
  const decided = await server.call('POST', `/v1/outcomes/${id}/actions/${action.id}`, { body: { decision: 'reject', comment: 'Not this week' } });
  t.is(decided.status, 200);
  t.is(decided.body.status, 'rejected');
  const done = await waitForSettled(server, id);
  t.is(done.status, 'completed');
  const result = await server.call('GET', `/v1/outcomes/${id}/result`);
  t.is(result.body.integrations_executed.drive.status, 'rejected');
  t.false((await eventsOf(server, id)).some((event) => event.kind === 'integration.executed'));
});

test('approve_result: approve completes (with an edit), reject fails with rejected_by_reviewer and a retry waits again', async (t) => {
  const approved = await deploy(server, { brief, approvals: { before_completion: true } });
  const first = (await waitForAction(server, approved)).pending_action;
  t.is(first.kind, 'approve_result');
  t.deepEqual(first.preview.integrations, []);
  const content = '# Approved with a last edit\n\nShort and final.';
  t.is((await server.call('POST', `/v1/outcomes/${approved}/actions/${first.id}`, { body: { decision: 'approve', content } })).status, 200);
  const done = await waitForSettled(server, approved);
  t.is(done.status, 'completed');
  t.is(done.result.content, content);

  const { key, workspace } = await workspaceWithKey(server, 'approvals-credits', { credits: 5 });
  const rejected = await deploy(server, { brief, approvals: { before_completion: true } }, 'writer', key);
  const second = (await waitForAction(server, rejected, key)).pending_action;
  const answer = await server.call('POST', `/v1/outcomes/${rejected}/actions/${second.id}`, { key, body: { decision: 'reject', comment: 'Add that beans go in after the last frost.' } });
  t.is(answer.status, 200);
  const failed = await waitForSettled(server, rejected, key);
  t.is(failed.status, 'failed');
  t.is(failed.error.code, 'rejected_by_reviewer');
  t.true(failed.retry_available);
  t.is(failed.error.details.comment, 'Add that beans go in after the last frost.');
  const credits = async () => (await server.runtime.repos.workspaces.get(workspace.id))!.credits_remaining;
  t.is(await credits(), 5, 'the rejection gave the credit back');
  // The retry spends it again, runs the last stage with the comment as feedback and waits for a new decision.
  const retried = await server.call('POST', `/v1/outcomes/${rejected}/retry`, { key });
  t.is(retried.status, 200, JSON.stringify(retried.body));
  const again = (await waitForAction(server, rejected, key)).pending_action;
  t.not(again.id, second.id);
  t.not(again.preview.content, second.preview.content, 'the retried draft differs from the rejected one');
  t.regex(again.preview.content, /last frost/i, 'the reviewer comment reached the retry as feedback');
  t.is((await server.call('POST', `/v1/outcomes/${rejected}/actions/${again.id}`, { key, body: { decision: 'approve' } })).status, 200);
  t.is((await waitForSettled(server, rejected, key)).status, 'completed');
  t.is(await credits(), 4, 'one credit spent for the outcome, whatever happened');
});

test('bad decisions and bad approvals are clear 4xx', async (t) => {
  const unknownKey = await server.call('POST', '/v1/crews/writer/deploy', { body: { brief, approvals: { before_completion: true, colour: 'red' } } });
  t.is(unknownKey.status, 400);
  const tooLong = await server.call('POST', '/v1/crews/writer/deploy', { body: { brief, approvals: { expires_in_hours: 721 } } });
  t.is(tooLong.status, 400);
  const id = await deploy(server, { brief, approvals: { before_completion: true } });
  const action = (await waitForAction(server, id)).pending_action;
  t.is((await server.call('POST', `/v1/outcomes/${id}/actions/${action.id}`, { body: { decision: 'maybe' } })).status, 400);
  t.is((await server.call('POST', `/v1/outcomes/${id}/actions/act_nothing1`, { body: { decision: 'approve' } })).status, 404);
  const { key: readOnly } = await workspaceWithKey(server, 'approvals-ro');
  t.is((await server.call('POST', `/v1/outcomes/${id}/actions/${action.id}`, { key: readOnly, body: { decision: 'approve' } })).status, 404, 'another workspace sees no such outcome');
  t.is((await server.call('POST', `/v1/outcomes/${id}/actions/${action.id}`, { body: { decision: 'approve' } })).status, 200);
});

test('a waiting outcome holds no concurrency slot: a second deploy runs meanwhile with a limit of 1', async (t) => {
  const { key } = await workspaceWithKey(server, 'approvals-one-slot', { concurrentOutcomes: 1 });
  const waiting = await deploy(server, { brief, approvals: { before_completion: true } }, 'writer', key);
  const action = (await waitForAction(server, waiting, key)).pending_action;
  const second = await deploy(server, { brief: 'Write a short newsletter about autumn composting in small gardens' }, 'writer', key);
  const done = await waitForSettled(server, second, key);
  t.is(done.status, 'completed');
  t.is((await server.call('GET', `/v1/outcomes/${waiting}`, { key })).body.progress.current_stage, 'awaiting_approval');
  t.is((await server.call('POST', `/v1/outcomes/${waiting}/actions/${action.id}`, { key, body: { decision: 'approve' } })).status, 200);
  t.is((await waitForSettled(server, waiting, key)).status, 'completed');
});

test('workspace policy: an admin sets it, deploys inherit it and may tighten but not loosen it', async (t) => {
  const { key } = await workspaceWithKey(server, 'approvals-policy');
  const set = await server.call('PATCH', '/v1/workspace', { key, body: { approvals: { before_completion: true, expires_in_hours: 24 } } });
  t.is(set.status, 200, JSON.stringify(set.body));
  t.like(set.body.approvals, { before_completion: true, before_integrations: false, expires_in_hours: 24, on_expiry: 'reject' });
  t.like((await server.call('GET', '/v1/workspace', { key })).body.approvals, { before_completion: true });
  const loosen = await server.call('POST', '/v1/crews/writer/deploy', { key, body: { brief, approvals: { before_completion: false } } });
  t.is(loosen.status, 400);
  t.is(loosen.body.error.details.reason, 'loosens_workspace_policy');
  t.is((await server.call('POST', '/v1/crews/writer/deploy', { key, body: { brief, approvals: { expires_in_hours: 48 } } })).status, 400);
  const inherited = await deploy(server, { brief }, 'writer', key);
  const action = (await waitForAction(server, inherited, key)).pending_action;
  t.is(Date.parse(action.expires_at) - Date.parse(action.requested_at), 24 * 3_600_000);
  const tighter = await deploy(server, { brief, approvals: { expires_in_hours: 2 } }, 'writer', key);
  const short = (await waitForAction(server, tighter, key)).pending_action;
  t.is(Date.parse(short.expires_at) - Date.parse(short.requested_at), 2 * 3_600_000);
  const { key: writer } = await workspaceWithKey(server, 'approvals-policy-2');
  const limitedKey = (await server.runtime.keys.create({ workspaceId: (await server.call('GET', '/v1/workspace', { key: writer })).body.id, name: 'w', permissions: ['crews:write'] })).secret;
  t.is((await server.call('PATCH', '/v1/workspace', { key: limitedKey, body: { approvals: null } })).status, 403);
  t.is((await server.call('PATCH', '/v1/workspace', { key, body: { approvals: { before_completion: true, colour: 1 } } })).status, 400);
  t.is((await server.call('PATCH', '/v1/workspace', { key, body: { approvals: null } })).body.approvals, null);
});

test('the WebSocket stream announces action_required (with the preview, without links) and action_resolved in sequence', async (t) => {
  const id = await deploy(server, { brief, approvals: { before_completion: true } });
  const messages: Array<{ event: string; sequence: number; data: Record<string, any> }> = [];
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/v1/outcomes/${id}/stream`, { headers: { authorization: `Bearer ${server.key}` } });
  const closed = new Promise<number>((resolve, reject) => {
    ws.on('message', (data) => messages.push(JSON.parse(String(data))));
    ws.on('close', (code) => resolve(code));
    ws.on('error', reject);
  });
  const required = await until(async () => messages.find((m) => m.event === 'outcome.action_required'), 'action_required on the stream', 60_000);
  t.is(required.data.action.kind, 'approve_result');
  t.true(required.data.action.preview.content.length > 50);
  t.false('approve_url' in required.data);
  t.is((await server.call('POST', `/v1/outcomes/${id}/actions/${required.data.action.id}`, { body: { decision: 'approve' } })).status, 200);
  await closed;
  const kinds = messages.map((m) => m.event);
  t.true(kinds.indexOf('outcome.action_resolved') > kinds.indexOf('outcome.action_required'));
  t.is(kinds.at(-1), 'outcome.completed');
  const sequences = messages.filter((m) => m.event !== 'outcome.snapshot').map((m) => m.sequence);
  t.deepEqual(sequences, [...sequences].sort((x, y) => x - y));
});

test('run and each batch entry accept approvals; unknown keys in an entry are 400', async (t) => {
  const run = await server.call('POST', '/v1/crews/mind/run', { body: { brief: 'Summarise the weekly planning meeting about the garden project', approvals: { before_completion: true } } });
  t.is(run.status, 201, JSON.stringify(run.body));
  t.is((await waitForAction(server, run.body.outcome_id)).pending_action.kind, 'approve_result');
  const batch = await server.call('POST', '/v1/crews/batch-deploy', {
    body: { workflow_name: 'approvals batch', crews: [{ crew_id: 'writer', brief, approvals: { before_completion: true } }, { crew_id: 'pilot', brief: 'Plan the release of the garden planner app for spring' }] },
  });
  t.is(batch.status, 201, JSON.stringify(batch.body));
  const [waits, runs] = batch.body.outcomes.map((o: { outcome_id: string }) => o.outcome_id);
  t.is((await waitForAction(server, waits)).pending_action.kind, 'approve_result');
  t.is((await waitForSettled(server, runs)).status, 'completed');
  const bad = await server.call('POST', '/v1/crews/batch-deploy', { body: { workflow_name: 'bad', crews: [{ crew_id: 'writer', brief, approvals: { later: true } }] } });
  t.is(bad.status, 400);
});

test('cancelling a waiting outcome closes its action: no longer pending, a decision is 409 action_not_pending', async (t) => {
  const id = await deploy(server, { brief, approvals: { before_completion: true } });
  const action = (await waitForAction(server, id)).pending_action;
  const cancelled = await server.call('POST', `/v1/outcomes/${id}/cancel`);
  t.is(cancelled.status, 200, JSON.stringify(cancelled.body));
  t.is(cancelled.body.error.code, 'cancelled');
  t.false((await server.call('GET', '/v1/actions?status=pending')).body.data.some((a: { id: string }) => a.id === action.id));
  const closed = (await server.call('GET', '/v1/actions?status=cancelled')).body.data.find((a: { id: string }) => a.id === action.id);
  t.is(closed.status, 'cancelled');
  const late = await server.call('POST', `/v1/outcomes/${id}/actions/${action.id}`, { body: { decision: 'approve' } });
  t.is(late.status, 409);
  t.is(late.body.error.code, 'action_not_pending');
});
