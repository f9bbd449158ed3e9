import type { Repositories } from '../../storage/index.js';
import type { ActorHost } from '../actors/actorHost.js';
import type { CapacityQueue } from './capacityQueue.js';
import type { EngineMachines } from './engineMachines.js';

/**
 * Start of a process: restores every unfinished actor, puts queued outcomes back in line (and
 * counts the processing ones as holding their slots), and lets workflows catch up on outcomes
 * that settled while they were not running. Call once, after the machines are registered.
 */
export async function restoreOutcomes(deps: { repos: Repositories; host: Pick<ActorHost, 'restoreAll'>; machines: EngineMachines; queue: CapacityQueue; limits: Map<string, number> }): Promise<number> {
  const { repos, host, queue, machines } = deps;
  for (const workspace of await repos.workspaces.list()) deps.limits.set(workspace.id, workspace.concurrent_outcomes);
  const restored = await host.restoreAll();
  const workspaces = new Set<string>();
  for (const id of machines.outcome.liveIds()) {
    const snapshot = machines.outcome.snapshot(id);
    if (!snapshot) continue;
    const context = snapshot.context;
    workspaces.add(context.workspaceId);
    if (snapshot.matches('queued')) queue.request(context.workspaceId, id);
    else if (snapshot.matches('processing')) queue.occupy(context.workspaceId, id);
  }
  // A workflow restored while its outcomes settled (crash between the two writes) catches up.
  for (const id of machines.workflow.liveIds()) {
    const workflow = machines.workflow.get(id);
    if (!workflow) continue;
    const context = workflow.getSnapshot().context;
    const open = context.entries.filter((e) => e.status === 'waiting' || e.status === 'running').map((e) => e.outcomeId);
    for (const row of await repos.outcomes.getMany(open)) {
      if (row.status === 'completed' || row.status === 'failed') workflow.send({ type: 'OUTCOME_SETTLED', outcomeId: row.id, status: row.status, at: row.updated_at });
    }
  }
  for (const workspaceId of workspaces) queue.pump(workspaceId);
  return restored;
}
