import type { Repositories } from '../../storage/index.js';
import type { ActorRow, LeaseTerms } from '../../storage/repositories/actors.js';
import type { Clock } from '../clock.js';

export interface LeaseRoundsDeps {
  repos: Repositories;
  clock: Clock;
  onError(error: unknown, message: string): void;
  leases: { owner: string; leaseMs: number; takeoverBatch?: number };
  /** The lease a claim or a renewal takes now. */
  terms(): LeaseTerms;
  /** True once the host's group commit closed: no round claims anything more. */
  closed(): boolean;
  /** Revives rows whose leases were just claimed; returns the ids brought to life (actorLoader.ts). */
  reviveClaimed(rows: Array<ActorRow & { epoch: number }>): string[];
  /** Told the ids a round took over from another process, after they were revived. */
  restored: ReadonlyArray<(ids: string[]) => void>;
}

/**
 * The leases of one process (Postgres, several processes on one database): claiming unowned or
 * expired leases at start, the round every third of the lease (renew what this process holds in
 * one statement, then take over expired leases batch by batch and restore those actors), and the
 * release of every lease this process holds when it stops.
 *
 * Invariants: at most one round runs at a time (a tick of the timer that finds one under way
 * skips); no round claims after the host closed; a failed round is reported and tried again at
 * the next tick; `settled()` resolves once the round under way (if any) is over.
 */
export interface LeaseRounds {
  /** Claims every unowned, released or expired lease and revives those actors; returns how many. */
  claimAll(): Promise<number>;
  /** Starts the round timer (idempotent; not after the host closed). */
  start(): void;
  /** Stops the timer; a round under way goes on (see `settled`). */
  halt(): void;
  /** Resolves once the round under way, if any, is over. */
  settled(): Promise<void>;
  /** Releases every lease this process holds, so the others take its actors over at once. */
  release(): Promise<void>;
}

export function createLeaseRounds(deps: LeaseRoundsDeps): LeaseRounds {
  const { repos, clock, leases, terms } = deps;
  const batch = leases.takeoverBatch ?? 500;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> | undefined;

  /** Claims expired leases batch by batch and revives their actors; a `takeover` also stops at close and tells the listeners. */
  async function claimExpired(takeover: boolean): Promise<number> {
    let count = 0;
    for (;;) {
      if (takeover && deps.closed()) return count;
      const claimed = await repos.actors.claimExpired(terms(), clock.now().getTime(), batch);
      const ids = deps.reviveClaimed(claimed);
      count += ids.length;
      if (takeover && ids.length > 0) for (const listener of deps.restored) listener(ids);
      if (claimed.length < batch) return count;
    }
  }

  /** One round: renew what this process holds (one statement), then take over expired leases. */
  async function roundOnce(): Promise<void> {
    if (deps.closed()) return;
    await repos.actors.renewLeases(terms());
    await claimExpired(true);
  }

  return {
    claimAll: () => claimExpired(false),
    start() {
      if (timer || deps.closed()) return;
      timer = setInterval(() => {
        if (round) return;
        round = roundOnce()
          .catch((error) => deps.onError(error, 'actor lease round failed; trying again next round'))
          .finally(() => (round = undefined));
      }, Math.max(1, Math.floor(leases.leaseMs / 3)));
      timer.unref();
    },
    halt() {
      clearInterval(timer);
    },
    async settled() {
      await round;
    },
    async release() {
      // What this process held is written: let the others take it over at once.
      await repos.actors.releaseLeases(leases.owner).catch((error) => deps.onError(error, 'actor leases could not be released; they expire instead'));
    },
  };
}
