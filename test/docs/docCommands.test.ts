import fs from 'node:fs';
import test from 'ava';
import { startVendorServer } from '../fixtures/vendorServer.js';
import { startServer } from '../helpers/server.js';
import { startReceiver } from '../helpers/webhookReceiver.js';
import { until } from '../helpers/until.js';
import { waitForOutcome } from '../e2e/outcomesHelpers.js';
import { bash, checkedByHand, docBlocks, type DocBlock } from './docBlocks.js';

/**
 * Issue 25, item 6: every shell block of README.md and docs/*.md is accounted for. It is run as
 * written by this file (RUN_HERE) or by the test named in RUN_ELSEWHERE, or it is in the table of
 * docs/commands.md with the reason no test can run it (a real vendor account, a foreground server,
 * a usage synopsis) and how it was checked. A block added to the docs without one of the three
 * fails here, so no command reaches a reader unchecked.
 */
const RUN_HERE: Array<[page: string, first: string]> = [
  ['docs/api.md', 'KEY=crew_sk_...'],
  ['docs/api.md', 'H="Authorization: Bearer $KEY"'],
  ['docs/approvals.md', `curl -s -H "$H" -H 'Content-Type: application/json' localhost:8080/v1/crews/writer/deploy \\`],
  ['docs/approvals.md', `curl -s -X PATCH -H "$H" -H 'Content-Type: application/json' localhost:8080/v1/workspace \\`],
  ['docs/approvals.md', `curl -s -H "$H" 'localhost:8080/v1/actions?status=pending'`],
  ['docs/webhooks.md', `curl -s -H "$H" -H 'Content-Type: application/json' \\`],
  ['docs/a2a.md', 'curl -s localhost:8080/a2a/writer/.well-known/agent-card.json'],
];

const RUN_ELSEWHERE: Array<[page: string, first: string, testFile: string]> = [
  ['README.md', 'KEY=crew_sk_...', 'test/docs/commands.test.ts'],
  ['README.md', 'export CREWD_API_KEY=crew_sk_...', 'test/docs/commands.test.ts'],
  // "First calls", second block: the deploy with notes in `context`.
  ['README.md', `curl -s -H "$H" -H 'Content-Type: application/json' \\`, 'test/docs/commands.test.ts'],
];

const key = (page: string, first: string) => `${page}: ${first}`;

test('every shell block of the README and docs/ is run by a test or listed in docs/commands.md with the reason', (t) => {
  const blocks = docBlocks();
  t.true(blocks.length > 20, `found only ${blocks.length} blocks`);
  const byHand = checkedByHand();
  const accounted = new Map<string, string>();
  for (const [page, first] of RUN_HERE) accounted.set(key(page, first), 'this file');
  for (const [page, first, file] of RUN_ELSEWHERE) {
    t.true(fs.existsSync(file), `${file} (named for ${page}) exists`);
    accounted.set(key(page, first), file);
  }
  for (const row of byHand) {
    t.true(row.why.length > 10, `docs/commands.md gives a reason for ${key(row.page, row.first)}`);
    accounted.set(key(row.page, row.first), 'docs/commands.md');
  }
  const named = new Set(blocks.map((b) => key(b.page, b.first)));
  for (const block of blocks) t.true(accounted.has(key(block.page, block.first)), `${block.page}:${block.line} (${block.first}) is neither run by a test nor listed in docs/commands.md`);
  for (const name of accounted.keys()) t.true(named.has(name), `"${name}" is listed but no such block is in the docs any more`);
});

function blockOf(page: string, first: string): DocBlock {
  const block = docBlocks().find((b) => b.page === page && b.first === first);
  if (!block) throw new Error(`no block "${first}" in ${page}`);
  return block;
}

test("docs/api.md's, docs/a2a.md's, docs/approvals.md's and docs/webhooks.md's curl commands run as written and get answers, not errors", async (t) => {
  const vendor = await startVendorServer();
  // The webhook's URL in docs/webhooks.md stands for the reader's receiver: this one, on loopback.
  const receiver = await startReceiver({ secret: 'whsec_at_least_16_chars' });
  const server = await startServer();
  t.teardown(async () => {
    await server.close();
    await vendor.close();
    await receiver.close();
  });
  const address = server.url.replace(/^http:\/\//, '');
  const ids: Record<string, string> = {};
  // Only the address and what a reader pastes in (the key, the ids an earlier answer printed) change.
  const fill = (script: string) =>
    script
      .replace(/localhost:8080/g, address)
      .replace(/https:\/\/example\.com\/hooks\/crewd/g, receiver.url)
      .replace(/crew_sk_\.\.\./g, server.key)
      .replace(/out_IX9f\.\.\./g, ids.outcome ?? 'out_missing')
      .replace(/"out_\.\.\."/g, `"${ids.outcome ?? 'out_missing'}"`)
      .replace(/act_IX9f\.\.\.i1/g, ids.action ?? 'act_missing')
      .replace(/wh_\.\.\./g, ids.webhook ?? 'wh_missing');
  const env = { KEY: server.key, H: `Authorization: Bearer ${server.key}` };
  const runBlock = async (page: string, first: string) => {
    const answered = await bash(fill(blockOf(page, first).script), env);
    t.is(answered.code, 0, `${page} (${first}): ${answered.stderr}`);
    t.false(answered.stdout.includes('"error":{'), `${page} (${first}): ${answered.stdout}`);
    return answered.stdout;
  };

  // docs/api.md: the first calls, then a deploy and the calls on an outcome (a completed one).
  t.regex(await runBlock('docs/api.md', 'KEY=crew_sk_...'), /crew_sk_[A-Za-z0-9]{16,}/, 'the new key\'s secret is shown');
  const done = await server.call('POST', '/v1/crews/writer/deploy', { body: { brief: 'Write a blog post about remote onboarding for engineering teams' } });
  ids.outcome = done.body.outcome_id as string;
  await waitForOutcome(server, ids.outcome);
  t.true((await runBlock('docs/api.md', 'H="Authorization: Bearer $KEY"')).includes('"quality_metrics"'), 'the result call answered');

  // docs/a2a.md: the card, a deploy by message/send, tasks/get on the completed outcome, a streamed deploy.
  const a2a = await runBlock('docs/a2a.md', 'curl -s localhost:8080/a2a/writer/.well-known/agent-card.json');
  t.true(a2a.includes('"skills"'), 'the agent card answered');
  t.true(a2a.includes(`"id":"${ids.outcome}"`) && a2a.includes('"state":"completed"'), `tasks/get answered the completed outcome: ${a2a.slice(0, 400)}`);

  // docs/approvals.md: the deploy asks for a network post, so the reader configured it first.
  const configured = await server.call('POST', '/v1/integrations/network/configure', { body: { settings: { author_urn: 'urn:li:person:abc', base_url: vendor.url, access_token: vendor.token } } });
  t.is(configured.status, 200, JSON.stringify(configured.body));
  const held = await runBlock('docs/approvals.md', `curl -s -H "$H" -H 'Content-Type: application/json' localhost:8080/v1/crews/writer/deploy \\`);
  ids.outcome = /"outcome_id":"(out_[A-Za-z0-9]+)"/.exec(held)?.[1] ?? 'out_missing';
  ids.action = await until(async () => (await server.call('GET', `/v1/outcomes/${ids.outcome}`)).body.pending_action?.id as string | undefined, 'the pending action');
  t.true((await runBlock('docs/approvals.md', `curl -s -H "$H" 'localhost:8080/v1/actions?status=pending'`)).includes(ids.action));
  await runBlock('docs/approvals.md', `curl -s -X PATCH -H "$H" -H 'Content-Type: application/json' localhost:8080/v1/workspace \\`);
  t.like((await server.call('GET', '/v1/workspace')).body.approvals, { before_integrations: true, expires_in_hours: 48 });

  // docs/webhooks.md: the webhook it creates is the one its test and deliveries calls name.
  const block = blockOf('docs/webhooks.md', `curl -s -H "$H" -H 'Content-Type: application/json' \\`).script;
  const [create] = block.split('\ncurl -s -H "$H" -H \'Content-Type: application/json\' -d');
  const created = await bash(fill(create!), env);
  t.is(created.code, 0, created.stderr);
  ids.webhook = /"id":"(wh_[A-Za-z0-9]+)"/.exec(created.stdout)?.[1] ?? 'wh_missing';
  await runBlock('docs/webhooks.md', `curl -s -H "$H" -H 'Content-Type: application/json' \\`);
  const [arrival] = await receiver.waitFor(1);
  t.is(arrival!.headers['x-service-event'], 'webhook.test', 'the test delivery reached the receiver');
  t.true(arrival!.verified, 'signed with the secret the block set');
});
