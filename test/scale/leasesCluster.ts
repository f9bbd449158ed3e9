import type { ChildProcess } from 'node:child_process';
import type { ExecutionContext } from 'ava';
import type { Knex } from 'knex';
import { stopProcess } from '../helpers/processes.js';
import { startCluster } from './cluster.js';
import { until } from '../helpers/until.js';

export const key = 'crew_sk_leasestest0123456789abcdef';

export interface Node {
  child: ChildProcess;
  url: string;
}

/**
 * Real `crewd serve` processes on one fresh Postgres database (the scale tests' cluster), started
 * one by one. Teardown first wakes (SIGCONT) and kills what a test paused or left running, since a
 * stopped process would never answer the cluster's own SIGTERM.
 */
export async function leaseCluster(t: ExecutionContext, env: Record<string, string>) {
  const cluster = await startCluster(0, { CREWD_BOOTSTRAP_KEY: key, ...env });
  t.teardown(async () => {
    for (const node of cluster.nodes) {
      if (node.child.signalCode === 'SIGSTOP' || node.child.exitCode === null) node.child.kill('SIGCONT');
      node.child.kill('SIGKILL');
    }
    await cluster.close();
  });
  return { db: cluster.db, start: (): Promise<Node> => cluster.start(), stop: stopProcess };
}

export async function call(url: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(url + path, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text };
}

/** Deploys `count` outcomes through `node`; returns their ids. */
export async function deploy(t: ExecutionContext, node: Node, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const crew = ['writer', 'mind', 'pilot'][i % 3];
    const response = await call(node.url, 'POST', `/v1/crews/${crew}/run`, { brief: `Lease test outcome number ${i} about resilient systems` });
    t.is(response.status, 201, JSON.stringify(response.body));
    ids.push(response.body.outcome_id);
  }
  return ids;
}

/** Waits until the first outcome has finished at least one stage (work visibly under way). */
export async function underWay(node: Node, id: string): Promise<void> {
  await until(async () => {
    const view = await call(node.url, 'GET', `/v1/outcomes/${id}`);
    // A finished outcome has no progress any more: it is past its first stage too.
    if (view.body.status === 'completed' || view.body.status === 'failed') return true;
    return (view.body.progress?.stages_completed?.length ?? 0) >= 1;
  }, `${id} under way`);
}

/** Waits (through `node`) until every outcome completed; fails the test on a failed one. */
export async function allCompleted(t: ExecutionContext, node: Node, ids: string[]): Promise<Map<string, any>> {
  const views = new Map<string, any>();
  for (const id of ids) {
    const view = await until(async () => {
      const { body } = await call(node.url, 'GET', `/v1/outcomes/${id}`);
      if (body.status === 'failed') throw new Error(`${id} failed: ${JSON.stringify(body.error)}`);
      return body.status === 'completed' ? body : undefined;
    }, `${id} completed`, { maxEveryMs: 200 });
    views.set(id, view);
  }
  return views;
}

/** Each outcome has exactly one outcome.completed and its events are numbered 1..n without gaps or repeats. */
export async function completedOnce(t: ExecutionContext, db: Knex, ids: string[]): Promise<void> {
  for (const id of ids) {
    const events = await db('events').where({ outcome_id: id }).orderBy('sequence');
    t.is(events.filter((e: { kind: string }) => e.kind === 'outcome.completed').length, 1, `${id}: one outcome.completed`);
    t.deepEqual(
      events.map((e: { sequence: number }) => Number(e.sequence)),
      events.map((_: unknown, i: number) => i + 1),
      `${id}: sequences without gaps or repeats`,
    );
  }
}

/** The owners of these actors' rows, as stored. */
export async function owners(db: Knex, ids: string[]): Promise<Array<{ id: string; owner: string | null; epoch: number; lease_until: string | null; status: string; state_value: string }>> {
  return db('actors').whereIn('id', ids).select('id', 'owner', 'epoch', 'lease_until', 'status', 'state_value');
}

/** A Prometheus scrape of `node` (asked again until it answers 200: a process just woken may fail a request). */
export async function scrape(node: Node): Promise<string> {
  return until(async () => {
    const response = await call(node.url, 'GET', '/metrics');
    return response.status === 200 ? String(response.body) : undefined;
  }, 'a scrape answered 200');
}

/** A counter's value from a Prometheus scrape of `node`. */
export async function counter(node: Node, name: string): Promise<number> {
  const line = (await scrape(node))
    .split('\n')
    .find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  return line ? Number(line.split(' ').pop()) : 0;
}
