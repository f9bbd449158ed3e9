import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import test, { type ExecutionContext } from 'ava';
import { freePort } from './processes.js';

/**
 * A throwaway Postgres cluster of one test (Debian postgresql-common: pg_createcluster, trust auth,
 * its own port), for tests that must stop or restart Postgres without touching the machine's
 * shared cluster on 5432. As root the cluster runs as the `postgres` user, as the shared one does.
 */

const prefix = 'crewd_restart_';
const howTo = 'it needs Debian postgresql-common (pg_createcluster, pg_ctlcluster, pg_dropcluster) and root or the postgres user';

function run(command: string, args: string[]): string {
  return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Why a private cluster cannot be made here, or null when it can. */
function probe(): string | null {
  if (!fs.existsSync('/etc/postgresql')) return 'no /etc/postgresql (Postgres server packages are not installed)';
  for (const tool of ['pg_createcluster', 'pg_ctlcluster', 'pg_dropcluster', 'pg_lsclusters']) {
    try {
      run('which', [tool]);
    } catch {
      return `${tool} is not on PATH`;
    }
  }
  const user = process.getuid?.();
  let postgresUid: number | undefined;
  try {
    postgresUid = Number(run('id', ['-u', 'postgres']).trim());
  } catch {
    postgresUid = undefined;
  }
  if (user !== 0 && user !== postgresUid) return 'creating a cluster needs root or the postgres user';
  return null;
}

/** The installed server version, e.g. "15" (the newest when several are). */
function serverVersion(): string {
  return fs
    .readdirSync('/etc/postgresql')
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a))[0]!;
}

const unavailable = probe();
if (unavailable !== null && process.env.CI) {
  // In CI a test that cannot run is a failure of the run, never a quiet skip.
  throw new Error(`CI is set and a private Postgres cluster cannot be made: ${unavailable}; ${howTo}`);
}

/** Registers a test that needs a private cluster; without one it is skipped visibly (never in CI, see above). */
export function privatePostgresTest(title: string, body: (t: ExecutionContext) => Promise<void>): void {
  if (unavailable === null) test.serial(title, body);
  else test.skip(`${title} (skipped: ${unavailable}; ${howTo})`, body);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Drops clusters this helper made in earlier runs whose test process is gone (killed mid-run). */
function dropStrayClusters(version: string): void {
  const lines = run('pg_lsclusters', ['--no-header']).split('\n');
  for (const line of lines) {
    const [ver, name] = line.trim().split(/\s+/);
    if (ver !== version || !name?.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length).split('_')[0]);
    if (Number.isInteger(pid) && pid > 0 && alive(pid)) continue;
    try {
      run('pg_dropcluster', ['--stop', version, name]);
    } catch {
      // Another run dropped it first.
    }
  }
}

export interface PrivateCluster {
  /** Admin URL (user postgres, database postgres, trust auth) on 127.0.0.1 and the cluster's port. */
  adminUrl: string;
  port: number;
  /** `pg_ctlcluster … restart`: every connection is cut, the cluster answers again after. */
  restart(): void;
}

/**
 * Creates and starts a cluster named `crewd_restart_<pid>_<n>` on a free port; it is stopped and
 * dropped in the test's teardown, whatever the outcome.
 */
export async function createPrivateCluster(t: ExecutionContext): Promise<PrivateCluster> {
  const version = serverVersion();
  dropStrayClusters(version);
  const name = `${prefix}${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const port = await freePort();
  const ctl = (action: string) => run('pg_ctlcluster', ['--skip-systemctl-redirect', version, name, action]);
  t.teardown(() => {
    try {
      run('pg_dropcluster', ['--stop', version, name]);
    } catch (error) {
      // Never created (the create failed): nothing to drop.
      if (fs.existsSync(`/etc/postgresql/${version}/${name}`)) throw error;
    }
  });
  // No fsync: the cluster lives for one test; its data is thrown away after.
  run('pg_createcluster', [version, name, '-p', String(port), '-o', 'fsync=off', '-o', 'synchronous_commit=off', '--', '--auth=trust']);
  ctl('start');
  return { adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`, port, restart: () => void ctl('restart') };
}
