import type { ActorCommandRow, ActorCommandsRepository } from '../../storage/repositories/actorCommands.js';
import type { ClusterSignals } from '../events/clusterSignals.js';

export interface CommandWaitsDeps {
  repo: ActorCommandsRepository;
  signals: ClusterSignals;
  /** Elapsed real time in ms (see CommandForwardingDeps.monotonic): deadlines and re-notices. */
  monotonic: { now(): number };
  /** True once forwarding closed: a wait then ends at its next wake-up, unanswered. */
  stopped(): boolean;
}

/**
 * The requester's side of command forwarding: waiting for a stored command to be done. A wait
 * re-reads the command's row whenever it is woken (`wake`, by a `done` notice or by this process
 * applying it) and at least every 250 ms, which covers a lost notice; while the command is still
 * pending it sends its `pending` notice again every second (`renoticeMs`), so a notice lost at its
 * sender does not wait for the owners' poll.
 *
 * Invariants: a wait never outlasts its deadline (nor forwarding's close); it leaves no timer and
 * no registered waker behind once it returns.
 */
export interface CommandWaits {
  /** The done row of command `id` of actor `actorId`; undefined when the deadline passed (or forwarding closed) first. */
  waitFor(id: string, actorId: string, deadline: number): Promise<ActorCommandRow | undefined>;
  /** Wakes the waits on command `id` (it may be done): they re-read its row now. */
  wake(id: string): void;
  /** Wakes every wait (forwarding closes: they end unanswered). */
  wakeAll(): void;
}

/** How often a waiting requester sends its `pending` notice again. */
const renoticeMs = 1_000;

export function createCommandWaits(deps: CommandWaitsDeps): CommandWaits {
  const { repo, signals, monotonic } = deps;
  const waiters = new Map<string, Set<() => void>>();

  function wake(id: string): void {
    for (const resolve of waiters.get(id) ?? []) resolve();
  }

  return {
    async waitFor(id, actorId, deadline) {
      let noticeAt = monotonic.now();
      for (;;) {
        const row = await repo.get(id);
        if (row?.status === 'done') return row;
        const left = deadline - monotonic.now();
        if (left <= 0 || deps.stopped()) return undefined;
        // Not applied yet: the notice may have been dropped (this process's listening connection
        // was down when it was sent), so it goes again every second while this waits.
        if (row?.status === 'pending' && monotonic.now() - noticeAt >= renoticeMs) {
          noticeAt = monotonic.now();
          signals.send('pending', { a: actorId });
        }
        // A notice wakes the wait at once; the re-read every 250 ms covers a lost one.
        let set = waiters.get(id);
        if (!set) waiters.set(id, (set = new Set()));
        const waiting = set;
        let wakeUp: () => void = () => undefined;
        const timer = await new Promise<NodeJS.Timeout>((resolve) => {
          const t = setTimeout(() => resolve(t), Math.min(250, left));
          wakeUp = () => resolve(t);
          waiting.add(wakeUp);
        });
        clearTimeout(timer);
        waiting.delete(wakeUp);
        if (waiting.size === 0 && waiters.get(id) === waiting) waiters.delete(id);
      }
    },
    wake,
    wakeAll() {
      for (const id of waiters.keys()) wake(id);
    },
  };
}
