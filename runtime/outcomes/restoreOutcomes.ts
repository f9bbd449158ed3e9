import type { AnyMachineSnapshot } from 'xstate';
import type { OutcomeContext } from '../../machines/outcome.js';
import type { WorkflowContext } from '../../machines/workflow.js';
import type { Repositories } from '../../storage/index.js';
import type { ActorHost } from '../actors/actorHost.js';
import type { CapacityQueue } from './capacityQueue.js';

/**
 * Start of a process: restores every unfinished actor, puts queued outcomes back in line (and
 * counts the processing ones as holding their slots), and lets workflows catch up on outcomes
 * that settled while they were not running. Call once, after the machines are registered.
 */
export async function restoreOutcomes(deps: { repos: Repositories; host: ActorHost; queue: CapacityQueue; limits: Map<string, number> }): Promise<number> {
  const { repos, host, queue } = deps;
  for (const workspace of await repos.workspaces.list()) deps.limits.set(workspace.id, workspace.concurrent_outcomes);
  const restored = await host.restoreAll();
  const workspaces = new Set<string>();
  const live = host.list();
  for (const entry of live.filter((e) => e.machine === 'outcome')) {
    const snapshot = host.get(entry.id)?.getSnapshot() as AnyMachineSnapshot | undefined;
    if (!snapshot) continue;
    const context = snapshot.context as OutcomeContext;
    workspaces.add(context.workspaceId);
    if (snapshot.matches('queued')) queue.request(context.workspaceId, entry.id);
    else if (snapshot.matches('processing')) queue.occupy(context.workspaceId, entry.id);
  }
  // A workflow restored while its outcomes settled (crash between the two writes) catches up.
  for (const entry of live.filter((e) => e.machine === 'workflow')) {
    const workflow = host.get(entry.id);
    if (!workflow) continue;
    const context = (workflow.getSnapshot() as AnyMachineSnapshot).context as WorkflowContext;
    const open = context.entries.filter((e) => e.status === 'waiting' || e.status === 'running').map((e) => e.outcomeId);
    for (const row of await repos.outcomes.getMany(open)) {
      if (row.status === 'completed' || row.status === 'failed') workflow.send({ type: 'OUTCOME_SETTLED', outcomeId: row.id, status: row.status, at: row.updated_at } as never);
    }
  }
  for (const workspaceId of workspaces) queue.pump(workspaceId);
  return restored;
}
