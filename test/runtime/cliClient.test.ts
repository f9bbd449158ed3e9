import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import test from 'ava';
import { sharedServer } from '../helpers/server.js';
import { startReceiver } from '../helpers/webhookReceiver.js';
import { crewdArgs } from '../helpers/compiledTree.js';
import { workspaceWithKey } from '../e2e/outcomesHelpers.js';

const run = promisify(execFile);

/**
 * Runs the CLI against `server`, on a pipe (not a terminal), from the transpiled tree (half the
 * CPU of bin/crewd.js's tsx; test/e2e/logs.test.ts still runs bin/crewd.js itself).
 */
async function crewd(server: { url: string; key: string }, args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, await crewdArgs(args), { env: { ...process.env, CREWD_URL: server.url, CREWD_API_KEY: server.key } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const brief = 'Write a short article about composting in small city apartments.';

/**
 * One server for the file; each test works in a workspace of its own, with that workspace's key,
 * so what it lists is only its own.
 */
const shared = sharedServer();
async function tenant(name: string): Promise<{ url: string; key: string }> {
  const server = await shared();
  const { key } = await workspaceWithKey(server, name);
  return { url: server.url, key };
}

async function completedOutcome(server: { url: string; key: string }): Promise<string> {
  const deployed = await crewd(server, ['deploy', 'writer', '--brief', brief, '--follow', '--json']);
  if (deployed.code !== 0) throw new Error(deployed.stderr || deployed.stdout);
  return JSON.parse(deployed.stdout.split('\n')[0]!).outcome_id as string;
}

test('crewd deploy prints the outcome id, and --follow shows stage, agent, percentage and elapsed time to the result', async (t) => {
  const server = await tenant('deploy');

  const plain = await crewd(server, ['deploy', 'writer', '--brief', brief]);
  t.is(plain.code, 0, plain.stderr);
  t.regex(plain.stdout.trim(), /^[A-Za-z0-9_-]+$/);
  const shown = await (await shared()).call('GET', `/v1/outcomes/${plain.stdout.trim()}`, { key: server.key });
  t.is(shown.status, 200);

  const followed = await crewd(server, ['deploy', 'writer', '--brief', brief, '--requirements', '{"tone":"friendly"}', '--follow']);
  t.is(followed.code, 0, followed.stderr);
  const lines = followed.stdout.trim().split('\n');
  const id = lines[0]!;
  // On a pipe: plain lines, no terminal control characters.
  t.false(followed.stdout.includes('\x1b'));
  t.true(lines.some((line) => /^\s*\d+\.\ds\s+\d+%\s+\S+\s+\(\S+\)\s+crew\.agent_started$/.test(line)), followed.stdout);
  t.regex(followed.stdout, /completed in \d+\.\ds: ".+"\nquality [\d.]+ · \d+ words/);
  t.true(lines.at(-1)!.endsWith(`full content: crewd outcomes result ${id}`));
});

test('crewd deploy --follow --json prints each stream message as a JSON line and ends with the result', async (t) => {
  const server = await tenant('follow-json');
  const followed = await crewd(server, ['deploy', 'writer', '--brief', brief, '--follow', '--json']);
  t.is(followed.code, 0, followed.stderr);
  const docs = followed.stdout.trim().split('\n').map((line) => JSON.parse(line));
  t.is(docs[0].status, 'processing');
  const messages = docs.slice(1, -1);
  t.is(messages[0].event, 'outcome.snapshot');
  t.true(messages.some((m: { event: string }) => m.event === 'crew.agent_started'));
  t.is(messages.at(-1).event, 'outcome.completed');
  const sequences = messages.slice(1).map((m: { sequence: number }) => m.sequence);
  t.deepEqual(sequences, [...sequences].sort((a, b) => a - b));
  t.is(docs.at(-1).id, docs[0].outcome_id);
  t.is(typeof docs.at(-1).result.content, 'string');
});

test('crewd outcomes list, show, result, revise, cancel and retry speak the API and print only JSON under --json', async (t) => {
  const server = await tenant('outcomes');
  const id = await completedOutcome(server);

  const listed = await crewd(server, ['outcomes', 'list', '--status', 'completed', '--json']);
  t.is(listed.code, 0, listed.stderr);
  t.deepEqual(JSON.parse(listed.stdout).data.map((o: { id: string }) => o.id), [id]);
  const table = await crewd(server, ['outcomes', 'list']);
  t.regex(table.stdout, new RegExp(`${id}\\s+writer\\s+completed`));

  const shown = JSON.parse((await crewd(server, ['outcomes', 'show', id, '--json'])).stdout);
  t.is(shown.status, 'completed');
  const result = await crewd(server, ['outcomes', 'result', id]);
  t.is(result.code, 0);
  t.true(result.stdout.includes(shown.result.content));

  const revised = await crewd(server, ['outcomes', 'revise', id, '--feedback', 'Shorter, please, and add a checklist.', '--json']);
  t.is(revised.code, 0, revised.stderr);
  t.regex(JSON.parse(revised.stdout).revision_id, /\S/);

  // Retrying an outcome that did not fail is refused by the service: exit 1, one JSON document, nothing on stderr.
  const refused = await crewd(server, ['outcomes', 'retry', id, '--json']);
  t.is(refused.code, 1);
  t.is(refused.stderr, '');
  const error = JSON.parse(refused.stdout).error;
  t.is(error.code, 'outcome_not_failed');
  t.is(error.status, 409);

  const missing = await crewd(server, ['outcomes', 'cancel', 'out_doesnotexist', '--json']);
  t.is(missing.code, 1);
  t.is(JSON.parse(missing.stdout).error.status, 404);
  const human = await crewd(server, ['outcomes', 'show', 'out_doesnotexist']);
  t.is(human.stdout, '');
  t.regex(human.stderr, /^crewd: .*out_doesnotexist/);
});

test('crewd webhooks create, list, test and deliveries manage webhooks through the API', async (t) => {
  const server = await tenant('webhooks');
  const secret = 'a-test-secret-of-enough-length';
  const receiver = await startReceiver({ secret, otherwise: 200 });
  t.teardown(() => receiver.close());

  const created = await crewd(server, ['webhooks', 'create', '--url', receiver.url, '--events', 'outcome.completed,outcome.failed', '--secret', secret, '--json']);
  t.is(created.code, 0, created.stderr);
  const webhook = JSON.parse(created.stdout);
  t.deepEqual(webhook.events, ['outcome.completed', 'outcome.failed']);

  const listed = JSON.parse((await crewd(server, ['webhooks', 'list', '--json'])).stdout);
  t.deepEqual(listed.webhooks.map((w: { id: string }) => w.id), [webhook.id]);

  const tested = await crewd(server, ['webhooks', 'test', webhook.id, '--json']);
  t.is(tested.code, 0, tested.stderr);
  t.is(JSON.parse(tested.stdout).response_code, 200);
  const [arrival] = await receiver.waitFor(1);
  t.true(arrival!.verified);

  const deliveries = JSON.parse((await crewd(server, ['webhooks', 'deliveries', webhook.id, '--json'])).stdout);
  t.is(deliveries.deliveries[0].event, 'webhook.test');
  const text = await crewd(server, ['webhooks', 'deliveries', webhook.id]);
  t.regex(text.stdout, /webhook\.test\s+1\s+success\s+200/);

  const redelivered = await crewd(server, ['webhooks', 'redeliver', webhook.id, deliveries.deliveries[0].id, '--json']);
  t.is(redelivered.code, 0, redelivered.stderr || redelivered.stdout);
  t.is(JSON.parse(redelivered.stdout).id, deliveries.deliveries[0].id);
  await receiver.waitFor(2);
  t.is(receiver.arrivals[1]!.body, receiver.arrivals[0]!.body, 'the same signed bytes again');
});

test('crewd client commands without CREWD_API_KEY, or with a service that is not there, say so', async (t) => {
  const noKey = await crewd({ url: 'http://127.0.0.1:9', key: '' }, ['outcomes', 'list', '--json']);
  t.is(noKey.code, 2);
  t.regex(JSON.parse(noKey.stdout).error.message, /CREWD_API_KEY/);
  const down = await crewd({ url: 'http://127.0.0.1:9', key: 'crew_sk_x' }, ['outcomes', 'list', '--json']);
  t.is(down.code, 1);
  t.is(down.stderr, '');
  t.is(JSON.parse(down.stdout).error.code, 'connection_failed');
});
