import type { ActorCommandRow, ActorCommandsRepository } from '../../storage/repositories/actorCommands.js';
import type { ClusterSignals } from '../events/clusterSignals.js';
import { ActorOwnedElsewhereError } from './actorOwnedElsewhereError.js';
import { encodeFailure, type StoredAnswer } from './forwardedAnswer.js';

/** Applies one forwarded command on the process that holds (or can load) its actor. */
export type CommandHandler = (command: { actorId: string; workspaceId: string | null; args: unknown }) => Promise<unknown>;

export interface CommandApplierDeps {
  repo: ActorCommandsRepository;
  signals: ClusterSignals;
  /** This process's owner id: the claimer of what it applies. */
  node: string;
  /** A claimed command not done after this long (its claimer died) may be claimed again. */
  staleMs: number;
  /** Now in ms (the injected clock): claim times and answer times. */
  now(): number;
  /** Tells this process's own waiting requester that command `id` is done (before the `done` notice). */
  wake(id: string): void;
  onError(error: unknown, message: string): void;
}

/**
 * The owner's side of command forwarding: claims pending commands this process may apply
 * (`FOR UPDATE SKIP LOCKED`, in batches), applies each through the handler registered for its
 * kind, stores the answer and notifies the requester (`done`).
 *
 * Invariants: one round of claims runs at a time, and a `pump` during a round makes it go round
 * again (no notice is lost between a claim and the end of a round); commands are applied one after
 * the other, oldest first, so one actor's commands keep their order; a command whose actor was
 * taken over between the claim and the load is released to its holder, not answered; after `stop`
 * nothing more is claimed.
 */
export interface CommandApplier {
  /** Registers how this process applies commands of `kind`. */
  handle(kind: string, handler: CommandHandler): void;
  /** Applies what this process may claim now (nothing before a handler is registered, or after `stop`). */
  pump(): void;
  readonly stopped: boolean;
  /** Stops claiming; resolves once the round under way is over. */
  stop(): Promise<void>;
}

const claimBatch = 20;

export function createCommandApplier(deps: CommandApplierDeps): CommandApplier {
  const { repo, signals, node } = deps;
  const handlers = new Map<string, CommandHandler>();
  let applying = false;
  let again = false;
  let stopped = false;
  let current: Promise<void> = Promise.resolve();

  async function applyOne(command: ActorCommandRow): Promise<void> {
    const handler = handlers.get(command.kind);
    let answer: StoredAnswer;
    try {
      if (!handler) throw new Error(`no handler for forwarded command ${command.kind}`);
      answer = { ok: true, value: await handler({ actorId: command.actor_id, workspaceId: command.workspace_id, args: JSON.parse(command.args) as unknown }) };
    } catch (error) {
      if (error instanceof ActorOwnedElsewhereError) {
        // Taken over between the claim and the load: its holder applies it.
        await repo.release(command.id, node);
        signals.send('pending', { a: command.actor_id });
        return;
      }
      answer = encodeFailure(error, deps.onError);
    }
    if (await repo.finish(command.id, node, JSON.stringify(answer), deps.now())) {
      deps.wake(command.id);
      signals.send('done', { c: command.id });
    }
  }

  async function applyPending(): Promise<void> {
    do {
      again = false;
      for (;;) {
        if (stopped) return;
        const at = deps.now();
        const claimed = await repo.claim(node, at, at - deps.staleMs, claimBatch);
        // One after the other, oldest first: commands for one actor keep their order.
        for (const command of claimed) await applyOne(command);
        if (claimed.length < claimBatch) break;
      }
    } while (again && !stopped);
  }

  return {
    handle(kind, handler) {
      handlers.set(kind, handler);
    },
    pump() {
      if (stopped || handlers.size === 0) return;
      if (applying) {
        again = true;
        return;
      }
      applying = true;
      current = applyPending()
        .catch((error) => deps.onError(error, 'applying forwarded commands failed; trying again'))
        .finally(() => (applying = false));
    },
    get stopped() {
      return stopped;
    },
    stop() {
      stopped = true;
      return current;
    },
  };
}
