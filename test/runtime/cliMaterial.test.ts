import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { startServer, tempDir, type TestServer } from '../helpers/server.js';
import { until } from '../helpers/until.js';
import { startReceiver } from '../helpers/webhookReceiver.js';
import { crewdArgs } from '../helpers/compiledTree.js';

const run = promisify(execFile);

/** Runs the CLI against `server`, on a pipe, from the transpiled tree (as in cliClient.test.ts). */
async function crewd(server: TestServer, args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, await crewdArgs(args), { env: { ...process.env, CREWD_URL: server.url, CREWD_API_KEY: server.key } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

let server: TestServer;
test.before(async () => {
  server = await startServer();
});
test.after.always(async () => {
  await server?.close();
});

test('crewd deploy --context sends the material as text or from @FILE; a missing file is a usage error', async (t) => {
  const dir = tempDir();
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  const notes = path.join(dir, 'interviews.md');
  fs.writeFileSync(notes, 'Inspectors lose Wi-Fi in basements, so reports are lost. Maria will pilot offline mode with 25 inspectors.');

  const fromFile = await crewd(server, ['deploy', 'pilot', '--brief', 'Offline mode for the inspection app', '--context', `@${notes}`]);
  t.is(fromFile.code, 0, fromFile.stderr);
  const id = fromFile.stdout.trim();
  t.is((await server.runtime.repos.outcomes.getInput(id))?.context, fs.readFileSync(notes, 'utf8'));

  const inline = await crewd(server, ['deploy', 'mind', '--brief', 'What do inspectors need offline?', '--context', 'Reports are lost in basements.']);
  t.is(inline.code, 0, inline.stderr);
  t.is((await server.runtime.repos.outcomes.getInput(inline.stdout.trim()))?.context, 'Reports are lost in basements.');

  const missing = await crewd(server, ['deploy', 'pilot', '--brief', 'Offline mode for the inspection app', '--context', `@${path.join(dir, 'nope.md')}`]);
  t.is(missing.code, 2);
  t.regex(missing.stderr, /--context @.*nope\.md: cannot read .*ENOENT/);
});

test('notes pasted as a bullet list ("- ...") are the --context text, not an option', async (t) => {
  const notes = '- coupon field missing on mobile\n- apple pay button does nothing on safari';
  const deployed = await crewd(server, ['deploy', 'pilot', '--brief', 'Tickets for the checkout bugs', '--context', notes]);
  t.is(deployed.code, 0, deployed.stderr);
  t.is((await server.runtime.repos.outcomes.getInput(deployed.stdout.trim()))?.context, notes);
  // A value that is no pasted text ("-x", no space) is still refused as a usage mistake.
  const flag = await crewd(server, ['deploy', 'pilot', '--brief', '-x']);
  t.is(flag.code, 2);
});

test('crewd outcomes list shows each brief, folded to one short cell', async (t) => {
  const brief = 'A long brief about composting in small city apartments, with worms, bokashi bins and what not to put in them';
  const deployed = await crewd(server, ['deploy', 'writer', '--brief', brief, '--follow', '--json']);
  t.is(deployed.code, 0, deployed.stderr);
  const id = JSON.parse(deployed.stdout.split('\n')[0]!).outcome_id as string;
  const listed = await crewd(server, ['outcomes', 'list', '--limit', '50']);
  t.is(listed.code, 0, listed.stderr);
  const line = listed.stdout.split('\n').find((l) => l.startsWith(id));
  t.truthy(line, listed.stdout);
  t.true(line!.trimEnd().endsWith(`${brief.slice(0, 47)}…`), line);
  t.regex(listed.stdout.split('\n')[0]!, /\bbrief\b/);
});

test('crewd outcomes revise --follow shows the revision to its end, what it applied and what not, and exits 0', async (t) => {
  const deployed = await crewd(server, ['deploy', 'writer', '--brief', 'A short note about tidal energy for a newsletter.', '--follow', '--json']);
  const id = JSON.parse(deployed.stdout.split('\n')[0]!).outcome_id as string;
  const revised = await crewd(server, ['outcomes', 'revise', id, '--feedback', 'Shorter, please, and add a checklist.', '--follow']);
  t.is(revised.code, 0, revised.stderr);
  const lines = revised.stdout.trim().split('\n');
  t.regex(lines[0]!, /^revision \S+ /);
  t.regex(revised.stdout, /completed in \d+\.\ds: "/);
  // The revision's own record: applied, and each part not applied with its reason.
  t.regex(revised.stdout, /^applied: .+$/m);
  const record = (await server.call('GET', `/v1/outcomes/${id}/revisions`)).body.revisions.find((revision: { revision_id: string }) => revised.stdout.startsWith(`revision ${revision.revision_id} `));
  for (const entry of record.not_applied as Array<{ part: string; reason: string }>) t.true(revised.stdout.includes(`not applied: ${entry.part} (${entry.reason})`), revised.stdout);
  t.is(revised.stdout.match(/^not applied: /gm)?.length ?? 0, record.not_applied.length);
  t.true(lines.at(-1)!.endsWith(`full content: crewd outcomes result ${id}`));
  t.is((await server.call('GET', `/v1/outcomes/${id}`)).body.status, 'completed');
});

test('crewd outcomes revise --follow --json streams the revision alone: none of the first run\'s events come back', async (t) => {
  const deployed = await crewd(server, ['deploy', 'writer', '--brief', 'A short note about tidal energy for a newsletter.', '--follow', '--json']);
  const id = JSON.parse(deployed.stdout.split('\n')[0]!).outcome_id as string;
  const revised = await crewd(server, ['outcomes', 'revise', id, '--feedback', 'Make it shorter.', '--follow', '--json']);
  t.is(revised.code, 0, revised.stderr);
  const lines = revised.stdout.trim().split('\n').map((line) => JSON.parse(line) as { event?: string; data?: { revision_id?: string }; revision_id?: string; status?: string });
  const revisionId = lines[0]!.revision_id;
  t.truthy(revisionId);
  const events = lines.filter((line) => line.event !== undefined && line.event !== 'outcome.snapshot');
  t.is(events[0]?.event, 'outcome.revision_requested', revised.stdout);
  t.is(events[0]?.data?.revision_id, revisionId);
  t.false(events.some((line) => line.event === 'outcome.created'), 'the first run\'s events are not replayed');
  t.is(events.filter((line) => line.event === 'outcome.completed').length, 1, 'one completion: the revision\'s');
  t.is(lines.at(-1)!.status, 'completed');
});

test('crewd webhooks test --event outcome.completed sends an outcome.completed test delivery', async (t) => {
  const secret = 'a-test-secret-of-enough-length';
  const receiver = await startReceiver({ secret, otherwise: 200 });
  t.teardown(() => receiver.close());
  const created = JSON.parse((await crewd(server, ['webhooks', 'create', '--url', receiver.url, '--events', 'outcome.completed', '--secret', secret, '--json'])).stdout);
  const tested = await crewd(server, ['webhooks', 'test', created.id, '--event', 'outcome.completed', '--json']);
  t.is(tested.code, 0, tested.stderr);
  const delivery = JSON.parse(tested.stdout);
  t.is(delivery.event, 'outcome.completed');
  // Other tests' outcomes complete on this server too: pick the test delivery out by its id.
  const arrival = await until(() => receiver.arrivals.find((a) => a.headers['x-service-delivery'] === delivery.id), 'the test delivery');
  t.is(arrival!.headers['x-service-event'], 'outcome.completed');
  t.like(JSON.parse(arrival!.body), { event: 'outcome.completed', data: { webhook_id: created.id, test: true } });
});
