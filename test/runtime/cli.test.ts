import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import test from 'ava';
import { tempDir } from '../helpers/server.js';
import { crewdArgs } from '../helpers/compiledTree.js';

const run = promisify(execFile);

async function crewd(dataDir: string, args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(process.execPath, await crewdArgs(args), {
      env: { ...process.env, CREWD_DATA_DIR: dataDir, CREWD_LOG_LEVEL: 'silent', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

test('workspaces, keys and crew status are managed from the CLI with JSON output', async (t) => {
  const dataDir = tempDir();
  t.teardown(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const migrated = await crewd(dataDir, ['migrate', '--json']);
  t.is(migrated.code, 0, migrated.stderr);
  t.true(JSON.parse(migrated.stdout).applied.includes('001_foundation'));

  const created = await crewd(dataDir, ['workspaces', 'create', '--name', 'acme', '--plan', 'operator', '--credits', '25', '--json']);
  t.is(created.code, 0, created.stderr);
  const workspace = JSON.parse(created.stdout);
  t.is(workspace.plan, 'growth');
  t.is(workspace.credits_remaining, 25);
  t.is(workspace.requests_per_minute, 300);

  const listed = JSON.parse((await crewd(dataDir, ['workspaces', 'list', '--json'])).stdout);
  t.deepEqual(listed.workspaces.map((w: { name: string }) => w.name), ['acme']);

  const key = JSON.parse((await crewd(dataDir, ['keys', 'create', '--workspace', 'acme', '--name', 'ci', '--permissions', 'crews:read,outcomes:read', '--json'])).stdout);
  t.regex(key.secret, /^crew_sk_/);
  t.deepEqual(key.permissions, ['crews:read', 'outcomes:read']);

  const keys = JSON.parse((await crewd(dataDir, ['keys', 'list', '--json'])).stdout);
  t.is(keys.api_keys.length, 1);
  t.deepEqual(Object.keys(keys.api_keys[0]).sort(), ['created_at', 'expires_at', 'key_id', 'last_used_at', 'name', 'permissions', 'prefix', 'workspace_id']);
  t.false(JSON.stringify(keys).includes(key.secret));
  t.false('secret_hash' in keys.api_keys[0]);

  const revoked = JSON.parse((await crewd(dataDir, ['keys', 'revoke', key.key_id, '--json'])).stdout);
  t.deepEqual(revoked, { key_id: key.key_id, revoked: true });
  t.is(JSON.parse((await crewd(dataDir, ['keys', 'list', '--json'])).stdout).api_keys.length, 0);

  const status = JSON.parse((await crewd(dataDir, ['crews', 'set-status', 'pilot', 'unavailable', '--until', '2030-01-01T00:00:00Z', '--json'])).stdout);
  t.deepEqual(status, { crew: 'pilot', status: 'unavailable', estimated_availability: '2030-01-01T00:00:00.000Z' });
});

test('CLI mistakes exit 2 with a message, as JSON when asked', async (t) => {
  const dataDir = tempDir();
  t.teardown(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const badPlan = await crewd(dataDir, ['workspaces', 'create', '--name', 'x', '--plan', 'platinum', '--json']);
  t.is(badPlan.code, 2);
  t.regex(JSON.parse(badPlan.stdout).error.message, /Unknown plan/);
  const unknown = await crewd(dataDir, ['frobnicate']);
  t.is(unknown.code, 2);
  t.regex(unknown.stderr, /unknown command/);
  const badEnv = await crewd(dataDir, ['workspaces', 'list'], { PORT: 'eighty' });
  t.is(badEnv.code, 2);
  t.regex(badEnv.stderr, /PORT/);
  const badScope = await crewd(dataDir, ['keys', 'create', '--workspace', 'x', '--name', 'k', '--permissions', 'crews:fly']);
  t.is(badScope.code, 2);
  t.regex(badScope.stderr, /crews:fly/);
});
