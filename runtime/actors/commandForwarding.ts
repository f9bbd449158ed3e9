import type { ActorCommandsRepository } from '../../storage/repositories/actorCommands.js';
import type { Clock } from '../clock.js';
import { ServiceError } from '../errors.js';
import type { ClusterSignals } from '../events/clusterSignals.js';
import type { IdGenerator } from '../ids.js';
import { createCommandApplier, type CommandHandler } from './commandApplier.js';
import { createCommandWaits } from './commandWaits.js';
import { decodeAnswer } from './forwardedAnswer.js';

export type { CommandHandler } from './commandApplier.js';

export interface CommandForwardingDeps {
  repo: ActorCommandsRepository;
  /** Notices on the forwarding's own channel: `pending` (actor id) to owners, `done` (command id) back. */
  signals: ClusterSignals;
  clock: Clock;
  /**
   * Elapsed time in ms for a requester's wait (performance in production). Not `clock`: the wait
   * is real time spent on timers, and a simulated clock that stands still would never end it.
   */
  monotonic: { now(): number };
  ids: IdGenerator;
  /** This process's owner id (the actor leases' `owner`). */
  node: string;
  /** How long a requester waits for the owner's answer before answering 503 `command_pending`. */
  waitMs: number;
  /** A claimed command not done after this long (its claimer died) may be claimed again: one lease. */
  staleMs: number;
  /**
   * The safety net's period: owners also look for commands this often (5 s). A requester re-sends
   * its notice every second while it waits, so a notice lost at its sender does not wait for this;
   * the poll is left for claims whose claimer died and notices lost at every receiver at once.
   */
  pollMs?: number;
  /** A client that sends the same command again within this window joins the first one. */
  retryWindowMs?: number;
  onError(error: unknown, message: string): void;
}

/** Thrown to a client when the owner did not answer within the wait: the command stays stored. */
export class CommandPendingError extends ServiceError {
  constructor(actorId: string, commandId: string, waitMs: number) {
    super(
      503,
      'command_pending',
      `The crewd process running ${actorId} did not answer within ${waitMs} ms. The command is stored and will be applied by that process, or by the one that takes ${actorId} over; sending the same request again within a minute waits for this same command.`,
      { id: actorId, command_id: commandId },
      { 'Retry-After': '2' },
    );
    this.name = 'CommandPendingError';
  }
}

/**
 * Forwards commands for actors another process holds, with Postgres as the only go-between
 * (DESIGN section 3): the requester inserts the command into `actor_commands` and notifies; the
 * process that holds the actor claims it (`FOR UPDATE SKIP LOCKED`), applies it to its live actor
 * through the registered handler, stores the answer and notifies back; the requester answers it as
 * its own. Notices carry ids only and are hints: owners also poll, requesters re-read the row.
 *
 * Invariants: a command is applied by one process at a time, only where its actor is held or
 * loadable; a command whose owner died is applied by the process that takes the actor over (after
 * the actor was restored); a requester never waits longer than `waitMs`; a command the requester
 * gave up on stays stored and is still applied, and the same command sent again joins it.
 */
export interface CommandForwarding {
  /** Registers how this process applies commands of `kind` (a process that runs actors). */
  handle(kind: string, handler: CommandHandler): void;
  /** Sends a command to the process holding `actorId`; answers as it did, or rejects with CommandPendingError (503). */
  forward(kind: string, actorId: string, workspaceId: string | null, args: unknown): Promise<unknown>;
  /** The answer of the same command sent earlier that its requester stopped waiting for; undefined when none. */
  rejoin(kind: string, actorId: string, args: unknown): Promise<{ value: unknown } | undefined>;
  /** Applies pending commands this process may claim (call after actors were restored or taken over). */
  pump(): void;
  /** Starts the safety-net poll (a process that runs actors); also prunes old answers. */
  start(): void;
  /** Stops claiming; a round under way finishes first. Waiting requesters answer 503 at once. */
  close(): Promise<void>;
}

/**
 * Wires the owner's side (commandApplier.ts: claim, apply, answer), the requester's side
 * (commandWaits.ts: wait for the answer) and the stored answer's encoding (forwardedAnswer.ts) to
 * the forwarding's notices, and keeps the safety-net poll.
 */
export function createCommandForwarding(deps: CommandForwardingDeps): CommandForwarding {
  const { repo, signals, node } = deps;
  // Issue 30: every process claiming once a second made idle work grow with the processes.
  const pollMs = deps.pollMs ?? 5_000;
  const retryWindowMs = deps.retryWindowMs ?? 60_000;
  let timer: NodeJS.Timeout | undefined;
  let polls = 0;
  const now = () => deps.clock.now().getTime();
  const waits = createCommandWaits({ repo, signals, monotonic: deps.monotonic, stopped: () => applier.stopped });
  const applier = createCommandApplier({ repo, signals, node, staleMs: deps.staleMs, now, wake: waits.wake, onError: deps.onError });
  const pump = applier.pump;

  async function answerOf(id: string, actorId: string): Promise<unknown> {
    signals.send('pending', { a: actorId });
    pump();
    const row = await waits.waitFor(id, actorId, deps.monotonic.now() + deps.waitMs);
    if (!row) throw new CommandPendingError(actorId, id, deps.waitMs);
    await repo.collect(id);
    return decodeAnswer(row);
  }

  signals.on('pending', () => pump());
  signals.on('done', (payload) => {
    const id = (payload as { c?: unknown })?.c;
    if (typeof id === 'string') waits.wake(id);
  });
  // Notices may have been missed while the channel was down.
  signals.onResync(() => pump());

  return {
    /** Registers how this process applies commands of `kind` (a process that runs actors). */
    handle: applier.handle,
    /**
     * Sends a command to the process that holds `actorId` and answers as that process did: its
     * value, or the same ServiceError. Rejects with CommandPendingError (503) when no answer came
     * within the wait; the command stays stored and is applied later.
     */
    async forward(kind: string, actorId: string, workspaceId: string | null, args: unknown): Promise<unknown> {
      const text = JSON.stringify(args ?? null);
      const at = now();
      const earlier = await repo.findUncollected(actorId, kind, text, at - retryWindowMs);
      let id = earlier?.id;
      if (!id) {
        id = deps.ids.id('cmd');
        await repo.insert({ id, actor_id: actorId, workspace_id: workspaceId, kind, args: text, requested_by: node, created_at: at });
      }
      return answerOf(id, actorId);
    },
    /**
     * The answer of the same command sent earlier whose requester stopped waiting (it answered 503
     * `command_pending`), when there is one: a client's retry gets that command's answer instead of
     * applying it again. Undefined when there is none (the caller runs the command itself).
     */
    async rejoin(kind: string, actorId: string, args: unknown): Promise<{ value: unknown } | undefined> {
      const earlier = await repo.findUncollected(actorId, kind, JSON.stringify(args ?? null), now() - retryWindowMs);
      return earlier ? { value: await answerOf(earlier.id, actorId) } : undefined;
    },
    /** Applies pending commands this process may claim (call after actors were restored or taken over). */
    pump,
    /** Starts the safety-net poll (a process that runs actors); also prunes old answers. */
    start(): void {
      if (timer || applier.stopped) return;
      pump();
      timer = setInterval(() => {
        pump();
        polls += 1;
        if (polls % Math.max(1, Math.round(600_000 / pollMs)) === 0) repo.prune(now() - 10 * 60_000).catch((error) => deps.onError(error, 'pruning forwarded commands failed'));
      }, pollMs);
      timer.unref();
    },
    /** Stops claiming; a round under way finishes first. Waiting requesters answer 503 at once. */
    async close(): Promise<void> {
      const settled = applier.stop();
      clearInterval(timer);
      waits.wakeAll();
      await settled;
    },
  };
}
