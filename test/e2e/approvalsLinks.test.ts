import test from 'ava';
import { startServer, type TestServer } from '../helpers/server.js';
import { startReceiver, type Receiver } from '../helpers/webhookReceiver.js';
import { until } from '../helpers/until.js';
import { deploy, waitForAction, waitForSettled } from './approvalsHelpers.js';

const secret = 'whsec_approvals_links_0123456789';
const brief = 'Write a blog post about planning a vegetable garden in raised beds';

let server: TestServer;
let receiver: Receiver;

test.before(async () => {
  server = await startServer();
  receiver = await startReceiver({ secret });
  const hook = await server.call('POST', '/v1/webhooks', { body: { url: receiver.url, secret, events: ['outcome.action_required', 'outcome.action_resolved'] } });
  if (hook.status !== 201) throw new Error(JSON.stringify(hook.body));
});
test.after.always(async () => {
  await server?.close();
  await receiver?.close();
});

/** The verified webhook payload of `kind` for `outcomeId`. */
async function payloadOf(kind: string, outcomeId: string): Promise<any> {
  return until(async () => {
    const arrival = receiver.arrivals.find((a) => {
      const body = JSON.parse(a.body);
      return body.event === kind && body.data.outcome_id === outcomeId;
    });
    if (!arrival) return undefined;
    if (!arrival.verified) throw new Error('the payload signature did not verify');
    return JSON.parse(arrival.body);
  }, `${kind} for ${outcomeId}`, 60_000);
}

/** What a browser asks for when a person opens or submits a link from an email. */
const browserAccept = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

async function page(url: string, method: 'GET' | 'POST', accept = browserAccept) {
  const response = await fetch(url, { method, headers: { accept, ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) }, ...(method === 'POST' ? { body: '' } : {}) });
  return { status: response.status, type: response.headers.get('content-type') ?? '', text: await response.text() };
}

test('the action_required webhook carries single-use signed links: confirm page, approve, reuse and forgery are refused', async (t) => {
  const id = await deploy(server, { brief, approvals: { before_completion: true } });
  const action = (await waitForAction(server, id)).pending_action;
  const required = await payloadOf('outcome.action_required', id);
  t.is(required.data.action.id, action.id);
  t.is(required.data.action.kind, 'approve_result');
  t.true(required.data.action.preview.content.length > 50);
  t.regex(required.data.approve_url, /\/v1\/approval-links\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  // The links are for webhooks only: the stored event (stream, event log) does not carry them.
  const stored = (await server.runtime.repos.events.listForOutcome(id)).find((event) => event.kind === 'outcome.action_required')!;
  t.false(JSON.stringify(stored.data).includes('approval-links'));

  // The confirm page changes nothing.
  const confirm = await page(required.data.approve_url, 'GET');
  t.is(confirm.status, 200);
  t.regex(confirm.type, /text\/html/);
  t.true(confirm.text.includes('<form method="post">'));
  t.is((await server.call('GET', `/v1/outcomes/${id}`)).body.pending_action.id, action.id);

  // A forged token (signature of another body) and an altered one are 403 pages.
  const token = required.data.approve_url.split('/').pop()!;
  const [body, signature] = token.split('.');
  const forged = required.data.approve_url.replace(token, `${Buffer.from(JSON.stringify({ a: action.id, d: 'approve', e: '2099-01-01T00:00:00.000Z' })).toString('base64url')}.${signature}`);
  const forgedPage = await page(forged, 'POST');
  t.is(forgedPage.status, 403);
  t.regex(forgedPage.type, /text\/html/);
  // A program that asks for JSON gets the same refusal in the spec's error shape.
  const forgedJson = await page(forged, 'POST', 'application/json');
  t.is(forgedJson.status, 403);
  t.is(JSON.parse(forgedJson.text).error.code, 'approval_link_invalid');
  t.is((await page(required.data.approve_url.replace(token, `${body}.${signature!.slice(0, -2)}AA`), 'POST')).status, 403);
  t.is((await server.call('GET', `/v1/outcomes/${id}`)).body.status, 'processing');

  const used = await page(required.data.approve_url, 'POST');
  t.is(used.status, 200, used.text);
  t.true(used.text.includes('Approved'));
  t.is((await waitForSettled(server, id)).status, 'completed');
  const resolved = await payloadOf('outcome.action_resolved', id);
  t.like(resolved.data, { action_id: action.id, decision: 'approve', decided_by: { type: 'link', id: null } });

  // Reused, or the other link of the same action: a 409 page, nothing changes.
  const reuse = await page(required.data.approve_url, 'POST');
  t.is(reuse.status, 409);
  t.true(reuse.text.includes('already used'));
  t.is((await page(required.data.reject_url, 'POST')).status, 409);
  t.is((await page(required.data.reject_url, 'GET')).status, 409);
  t.is((await server.call('GET', `/v1/outcomes/${id}`)).body.status, 'completed');
});

test('the reject link rejects; an expired action is decided by its timer (reject by default, approve when asked)', async (t) => {
  const rejected = await deploy(server, { brief, approvals: { before_completion: true } });
  await waitForAction(server, rejected);
  const links = (await payloadOf('outcome.action_required', rejected)).data;
  t.is((await page(links.reject_url, 'POST')).status, 200);
  const failed = await waitForSettled(server, rejected);
  t.is(failed.error.code, 'rejected_by_reviewer');

  // Expiry: the durable timer is moved to now (the policy's shortest wait is an hour).
  for (const onExpiry of ['reject', 'approve'] as const) {
    const id = await deploy(server, { brief, approvals: { before_completion: true, expires_in_hours: 1, ...(onExpiry === 'approve' ? { on_expiry: 'approve' } : {}) } });
    const action = (await waitForAction(server, id)).pending_action;
    const url = (await payloadOf('outcome.action_required', id)).data.approve_url;
    const timer = await server.runtime.repos.timers.get('approval.expiry', action.id);
    t.truthy(timer, 'the expiry is a durable timer row');
    t.is(timer!.due_at, action.expires_at);
    await server.runtime.repos.timers.upsert({ kind: timer!.kind, key: timer!.key, due_at: new Date(Date.now() - 1000).toISOString(), payload: timer!.payload, created_at: timer!.created_at });
    const settled = await waitForSettled(server, id);
    t.is(settled.status, onExpiry === 'reject' ? 'failed' : 'completed');
    const resolved = await payloadOf('outcome.action_resolved', id);
    t.like(resolved.data, { decision: onExpiry, decided_by: { type: 'expiry' } });
    t.is((await page(url, 'POST')).status, 409, 'a link of an expired action is spent');
    t.is(await server.runtime.repos.timers.get('approval.expiry', action.id), undefined, 'the timer fired once and is gone');
  }
});

test('an expired link answers a 410 page and changes nothing; the expiry timer then rejects', async (t) => {
  // The service's clock runs ahead on demand; the scheduler is paused so the link is seen expired first.
  let offsetMs = 0;
  const shifted = await startServer({}, { clock: { now: () => new Date(Date.now() + offsetMs) } });
  t.teardown(() => shifted.close());
  t.is((await shifted.call('POST', '/v1/webhooks', { body: { url: receiver.url, secret, events: ['outcome.action_required'] } })).status, 201);
  const id = await deploy(shifted, { brief, approvals: { before_completion: true, expires_in_hours: 1 } });
  const action = (await waitForAction(shifted, id)).pending_action;
  const links = (await payloadOf('outcome.action_required', id)).data;
  await shifted.runtime.scheduler.stop();
  offsetMs = 2 * 3_600_000;
  const expired = await page(links.approve_url, 'POST');
  t.is(expired.status, 410);
  t.true(expired.text.includes('expired'));
  t.is((await page(links.reject_url, 'GET')).status, 410);
  t.is((await shifted.call('GET', `/v1/outcomes/${id}`)).body.pending_action.id, action.id, 'nothing changed');
  shifted.runtime.scheduler.start();
  const settled = await waitForSettled(shifted, id);
  t.is(settled.error.code, 'rejected_by_reviewer');
});
