import type { Plugin } from '../../plugins/contract.js';
import type { ActorHost } from '../../runtime/actors/actorHost.js';
import type { CommandForwarding } from '../../runtime/actors/commandForwarding.js';
import type { Scheduler } from '../../runtime/scheduler/scheduler.js';
import type { Tools } from '../../runtime/tools/index.js';
import { pluginRecovery } from './pluginRecovery.js';

/**
 * The runtime's `startActors`: restores every unfinished actor, then starts the leases, the
 * command forwarding (a leasing process) and the timers, and answers how many were restored. Call
 * once (`serve` does it at start). The order matters: plugin work an earlier version left in
 * flight is taken before the restore and adopted after it as plugin runs; tool connections stored
 * without an actor (before they ran on the host) are found before the restore and get one after.
 */
export function actorStarter(parts: {
  plugins: readonly Plugin[];
  tools: Pick<Tools, 'connections' | 'pluginRuns'>;
  engine: { restore(): Promise<number> };
  actorHost: Pick<ActorHost, 'startLeases'>;
  commands: { forwarding: Pick<CommandForwarding, 'start'> } | undefined;
  leasing: boolean;
  scheduler: Pick<Scheduler, 'start'>;
}): () => Promise<number> {
  const { tools } = parts;
  const recovery = pluginRecovery(parts.plugins);
  return async function startActors(): Promise<number> {
    const legacy = await recovery.take();
    const orphanConnections = await tools.connections.orphans();
    const restored = await parts.engine.restore();
    if (legacy > 0 && tools.pluginRuns) await recovery.adopt(tools.pluginRuns);
    await tools.connections.adopt(orphanConnections);
    parts.actorHost.startLeases();
    if (parts.leasing) parts.commands?.forwarding.start();
    parts.scheduler.start();
    return restored;
  };
}
