import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { deploy, waitForAction, waitForSettled } from '../e2e/approvalsHelpers.js';
import { startServer, tempDir } from '../helpers/server.js';
import { crewdArgs } from '../helpers/compiledTree.js';

const run = promisify(execFile);

test('crewd actions list, approve with --comment and --content-file, reject, against a running service', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const crewd = async (args: string[]) => {
    try {
      const { stdout } = await run(process.execPath, await crewdArgs(args), { env: { ...process.env, CREWD_URL: server.url, CREWD_API_KEY: server.key } });
      return { code: 0, stdout };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout + failed.stderr };
    }
  };
  const brief = 'Write a blog post about planning a vegetable garden in raised beds';
  const first = await deploy(server, { brief, approvals: { before_completion: true } });
  const second = await deploy(server, { brief, approvals: { before_completion: true } });
  const one = (await waitForAction(server, first)).pending_action;
  const two = (await waitForAction(server, second)).pending_action;

  const listed = await crewd(['actions', 'list', '--json']);
  t.is(listed.code, 0, listed.stdout);
  t.deepEqual(JSON.parse(listed.stdout).data.map((a: { id: string }) => a.id).sort(), [one.id, two.id].sort());
  t.true((await crewd(['actions', 'list'])).stdout.includes(one.id));

  const dir = tempDir();
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'edited.md');
  fs.writeFileSync(file, '# Edited in the terminal\n\nThe reviewer rewrote this.');
  const approved = await crewd(['actions', 'approve', one.id, '--comment', 'ok', '--content-file', file, '--json']);
  t.is(approved.code, 0, approved.stdout);
  t.like(JSON.parse(approved.stdout), { id: one.id, status: 'approved', comment: 'ok', content_edited: true });
  t.is((await waitForSettled(server, first)).result.content, '# Edited in the terminal\n\nThe reviewer rewrote this.');

  const rejected = await crewd(['actions', 'reject', two.id]);
  t.is(rejected.code, 0, rejected.stdout);
  t.true(rejected.stdout.includes(`${two.id} rejected`));
  t.is((await waitForSettled(server, second)).error.code, 'rejected_by_reviewer');
  const conflict = await crewd(['actions', 'approve', two.id, '--json']);
  t.is(conflict.code, 1);
  t.is(JSON.parse(conflict.stdout).error.code, 'action_already_resolved');
  t.is((await crewd(['actions', 'approve', 'act_missing1'])).code, 2);

  // The workspace's default policy: set, shown, cleared.
  const set = await crewd(['workspace', 'policy', '--approvals', '{"before_completion":true}', '--json']);
  t.is(set.code, 0, set.stdout);
  t.like(JSON.parse(set.stdout).approvals, { before_completion: true, on_expiry: 'reject', expires_in_hours: 72 });
  t.true((await crewd(['workspace', 'policy'])).stdout.includes('"before_completion":true'));
  t.is((await crewd(['workspace', 'policy', '--approvals', '{"sometimes":true}'])).code, 1);
  t.true((await crewd(['workspace', 'policy', '--approvals', 'null'])).stdout.includes('no approval policy'));
});
