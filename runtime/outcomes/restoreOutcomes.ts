import type { Repositories } from '../../storage/index.js';
import type { ActorHost } from '../actors/actorHost.js';
import type { CapacityQueue } from './capacityQueue.js';
import type { EngineMachines } from './engineMachines.js';
import { phaseOf } from './outcomeProjection.js';

/**
 * Start of a process: restores every unfinished actor, puts queued outcomes back in line (and
 * counts the processing ones as holding their slots), and lets workflows catch up on outcomes
 * that settled while they were not running. Call once, after the machines are registered.
 */
export async function restoreOutcomes(deps: RestoreDeps): Promise<number> {
  const { repos, host, machines } = deps;
  for (const workspace of await repos.workspaces.list()) deps.limits.set(workspace.id, workspace.concurrent_outcomes);
  const restored = await host.restoreAll();
  await adoptRestored(deps, [...machines.outcome.liveIds(), ...machines.workflow.liveIds()]);
  return restored;
}

type RestoreDeps = { repos: Repositories; host: Pick<ActorHost, 'restoreAll'>; machines: EngineMachines; queue: CapacityQueue; limits: Map<string, number> };

/**
 * Takes restored actors into the engine: queued outcomes back in line, processing ones holding
 * their slots, and workflows catching up on outcomes that settled while they were not running.
 * Used at start and for actors taken over from a process whose lease expired.
 */
export async function adoptRestored(deps: Omit<RestoreDeps, 'host'>, ids: string[]): Promise<void> {
  const { repos, queue, machines } = deps;
  const workspaces = new Set<string>();
  for (const id of ids) {
    const snapshot = machines.outcome.snapshot(id);
    if (!snapshot) continue;
    const context = snapshot.context;
    if (!deps.limits.has(context.workspaceId)) {
      const workspace = await repos.workspaces.get(context.workspaceId);
      if (workspace) deps.limits.set(workspace.id, workspace.concurrent_outcomes);
    }
    workspaces.add(context.workspaceId);
    // The top-level state off the value (`matches` parses its argument on every call, twice per restored outcome).
    const phase = phaseOf(snapshot);
    if (phase === 'queued') queue.request(context.workspaceId, id);
    else if (phase === 'processing') queue.occupy(context.workspaceId, id);
  }
  // A workflow restored while its outcomes settled (crash between the two writes) catches up.
  for (const id of ids) {
    const workflow = machines.workflow.get(id);
    if (!workflow) continue;
    const context = workflow.getSnapshot().context;
    const open = context.entries.filter((e) => e.status === 'waiting' || e.status === 'running').map((e) => e.outcomeId);
    for (const row of await repos.outcomes.getMany(open)) {
      if (row.status === 'completed' || row.status === 'failed') workflow.send({ type: 'OUTCOME_SETTLED', outcomeId: row.id, status: row.status, at: row.updated_at });
    }
  }
  for (const workspaceId of workspaces) queue.pump(workspaceId);
}
