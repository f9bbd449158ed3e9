import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { startServer } from '../helpers/server.js';
import { waitForOutcome } from '../e2e/outcomesHelpers.js';

const run = promisify(execFile);
const readme = fs.readFileSync(path.resolve('README.md'), 'utf8');

/** The `sh` code blocks of the README section under `## heading`. */
function shBlocks(heading: string): string[] {
  const start = readme.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`README has no "## ${heading}" section`);
  const end = readme.indexOf('\n## ', start + 4);
  const section = readme.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

async function bash(script: string, env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run('bash', ['-euo', 'pipefail', '-c', script], { env: { ...process.env, ...env }, maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/**
 * The README's commands, run as written against a started server: only the address (the README's
 * localhost:8080 is this test's port) and the placeholders a reader fills in (the key, the outcome
 * id the deploy printed) are replaced. A command that fails, or an answer in the error shape,
 * fails the test: the README cannot drift from the API or the CLI unnoticed.
 */
test('the README\'s "First calls" and "The CLI" commands run as written and get answers, not errors', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const address = server.url.replace(/^http:\/\//, '');
  const fill = (script: string, outcomeId?: string) => {
    let out = script.replace(/localhost:8080/g, address).replace(/http:\/\/127\.0\.0\.1:8080/g, server.url).replace(/crew_sk_\.\.\./g, server.key);
    if (outcomeId) out = out.replace(/out_IX9f\.\.\.|out_\.\.\./g, outcomeId);
    return out;
  };

  const [calls] = shBlocks('First calls');
  t.truthy(calls);
  // Up to the deploy (its sample answer is a comment), then the calls on the outcome it printed.
  const cut = calls!.indexOf('\n# {"outcome_id"');
  t.true(cut > 0, 'the deploy call is followed by its sample answer');
  const first = await bash(fill(calls!.slice(0, cut)));
  t.is(first.code, 0, first.stderr);
  t.false(first.stdout.includes('"error":{'), first.stdout);
  const outcomeId = /"outcome_id":"(out_[A-Za-z0-9]+)"/.exec(first.stdout)?.[1];
  t.truthy(outcomeId, first.stdout);
  await waitForOutcome(server, outcomeId!);
  // The block's variables (KEY, H) hold for the calls after the deploy too, as in one shell.
  const preamble = calls!.slice(0, calls!.indexOf('\ncurl'));
  const rest = await bash(fill(`${preamble}\n${calls!.slice(cut)}`, outcomeId));
  t.is(rest.code, 0, rest.stderr);
  t.false(rest.stdout.includes('"error":{'), rest.stdout);
  t.true(rest.stdout.includes('"content"'), 'the result call answered the content');

  // The second block: the same deploy with notes in `context` writes from them.
  const notes = shBlocks('First calls')[1];
  t.truthy(notes);
  const withNotes = await bash(fill(`${preamble}\n${notes!}`));
  t.is(withNotes.code, 0, withNotes.stderr);
  const notesOutcome = /"outcome_id":"(out_[A-Za-z0-9]+)"/.exec(withNotes.stdout)?.[1];
  t.truthy(notesOutcome, withNotes.stdout);
  await waitForOutcome(server, notesOutcome!);
  const summary = await server.call('GET', `/v1/outcomes/${notesOutcome}/result`);
  t.regex(String((summary.body as { result?: { content?: string } }).result?.content), /\*\*Marco\*\*: Dig into the analytics \(due Thursday\)/);

  const [cli] = shBlocks('The CLI');
  t.truthy(cli);
  // The client commands talk to the server; `keys create` works on its data directory.
  const answered = await bash(fill(cli!, outcomeId), { CREWD_URL: server.url, CREWD_DATA_DIR: server.dataDir });
  t.is(answered.code, 0, answered.stderr || answered.stdout);
  t.regex(answered.stdout, /completed in \d+\.\ds/);
  t.true(answered.stdout.includes(outcomeId!), 'outcomes list shows the outcome');
  t.regex(answered.stdout, /crew_sk_[A-Za-z0-9]{16,}/, 'keys create printed the new secret');
});
