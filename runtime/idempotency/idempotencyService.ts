import { randomBytes } from 'node:crypto';
import type { Db } from '../../storage/db.js';
import type { IdempotencyRepository } from '../../storage/repositories/idempotency.js';
import type { Clock } from '../clock.js';
import { ServiceError } from '../errors.js';
import type { SecretCipher } from '../secrets/cipher.js';

export interface IdempotencyServiceOptions {
  repo: IdempotencyRepository;
  /** Stored answers are encrypted: a new key's secret or a webhook's signing secret may be in them. */
  cipher: SecretCipher;
  clock: Clock;
  /** This process's id; each claim of a key is owned by it plus a fresh token (the fencing token). */
  owner: string;
  /**
   * Whether a resource named in a prepared answer (`kind`, `id`) was committed in the workspace.
   * A kind without an entry is never found (its prepared answers are never replayed after a crash).
   */
  resources?: Partial<Record<ResourceKind, (workspaceId: string, id: string) => Promise<boolean>>>;
  /** How long an unanswered record holds its key without renewal (default 30 s). */
  leaseMs?: number;
  /** How long an answer is replayed (default 24 h). */
  ttlMs?: number;
  /** How often expired records are purged (default 10 min). */
  purgeEveryMs?: number;
  onError?(error: unknown, message: string): void;
}

/** What an idempotent creating request creates; its commit makes a prepared answer final. */
export type ResourceKind = 'outcome' | 'workflow' | 'api_key' | 'webhook';

/** A running request's hold on its key (see the service's call order). */
export interface RunningRequest {
  kind: 'run';
  /**
   * Stores the answer (encrypted) before the resource it describes is committed. Call it just
   * before the commit; after a crash, a retry replays it if `resource` exists, or runs again.
   * Returns the claim's fence: run it inside the commit's transaction (see `ClaimFence`).
   */
  prepare(resource: { kind: ResourceKind; id: string }, status: number, body: unknown): Promise<ClaimFence>;
  finish(status: number, body: unknown): Promise<void>;
  abandon(): Promise<void>;
}

/**
 * Run inside the transaction that commits a request's resource (and spends its credit): makes the
 * prepared answer final while this claim still holds the key, or answers the 409 to fail the
 * commit with when another process took the key over (this one was paused or cut off past its
 * lease). One key therefore commits one resource, whichever process wakes up late.
 */
export type ClaimFence = (trx: Db) => Promise<Error | undefined>;

/** What a request with an Idempotency-Key does: run (and then finish or abandon), or replay. */
export type IdempotencyDecision = RunningRequest | { kind: 'replay'; status: number; body: unknown };

const cipherPrefix = 'v1.';

/**
 * `Idempotency-Key` on creating POSTs (Stripe's contract), over the storage repository.
 *
 * Call order per request: `begin` → (run the request; a creating command calls `prepare` just
 * before it commits) → `finish` with a 2xx answer, or `abandon` on anything else (the client may
 * then retry with the same key). Invariants:
 * - One key runs one request at a time: the first `begin` claims the record (unique key); another
 *   `begin` with the same body gets 409 `idempotency_conflict` (`in_progress`) while it runs, or
 *   the stored answer once it finished; with another body, 409 `idempotency_conflict`.
 * - A running record carries a lease (owner, lease_until) renewed every third of `leaseMs` while
 *   the request runs. When its process dies the lease runs out and the next `begin` takes the
 *   record over (a conditional update: two racing retries elect one), so the client's retry runs.
 *   On SQLite, where one process holds the data directory, `recoverAtStart` frees them at once.
 * - Each claim (a first `begin`, or a takeover) has its own owner token: the fencing token. The
 *   fence `prepare` returns runs inside the creating commit's transaction and makes the answer
 *   final only while this claim holds the key, so a holder paused past its lease that wakes after
 *   another process took the key commits nothing (one key, one resource, one credit).
 * - A crash between a creating commit and `finish` loses nothing: the prepared answer names the
 *   resource, and a retry that finds it committed replays that answer (whatever the lease says),
 *   so the creation is never repeated; one that finds none runs again once the lease ran out.
 * - Answers are stored encrypted with the secrets cipher and replayed as the same body; no
 *   plaintext answer is ever written.
 * - Records expire after `ttlMs`; `start` purges expired ones every `purgeEveryMs`.
 */
export function createIdempotencyService(options: IdempotencyServiceOptions): IdempotencyService {
  const { repo, cipher, clock, owner } = options;
  // Short, since a crashed owner's key answers 409 until it runs out; renewal keeps a slow request's.
  const leaseMs = options.leaseMs ?? 10_000;
  const ttlMs = options.ttlMs ?? 24 * 60 * 60 * 1000;
  let purgeTimer: NodeJS.Timeout | undefined;

  const iso = (ms: number) => new Date(ms).toISOString();

  /** A fresh claim's owner: this process's id and a token no other claim of any key shares. */
  const claimOwner = () => `${owner}.${randomBytes(9).toString('base64url')}`;

  function lost(key: string): Error {
    return new ServiceError(409, 'idempotency_conflict', 'Another request with this Idempotency-Key took it over while this one was paused; retry to get its answer.', { idempotency_key: key, in_progress: true });
  }

  function running(workspaceId: string, key: string, owner: string): IdempotencyDecision {
    let done = false;
    // Renewal keeps the key while a slow request runs; a crash stops it, and the lease runs out.
    const renewal = setInterval(() => {
      void repo.renew(workspaceId, key, owner, iso(clock.now().getTime() + leaseMs)).catch((error) => options.onError?.(error, 'idempotency lease renewal failed'));
    }, Math.max(10, Math.floor(leaseMs / 3)));
    renewal.unref();
    const stop = () => {
      done = true;
      clearInterval(renewal);
    };
    return {
      kind: 'run',
      async prepare(resource, status, body) {
        if (!done) await repo.prepare(workspaceId, key, owner, `${resource.kind}:${resource.id}`, status, cipher.encrypt(JSON.stringify(body ?? null)));
        return async (trx) => ((await repo.seal(trx, workspaceId, key, owner)) ? undefined : lost(key));
      },
      async finish(status, body) {
        if (done) return;
        stop();
        await repo.complete(workspaceId, key, owner, status, cipher.encrypt(JSON.stringify(body ?? null)));
      },
      async abandon() {
        if (done) return;
        stop();
        await repo.release(workspaceId, key, owner);
      },
    };
  }

  function decode(response: string | null): unknown {
    if (response === null) return null;
    // Answers stored before responses were encrypted are plain JSON (which never starts with "v1.").
    return JSON.parse(response.startsWith(cipherPrefix) ? cipher.decrypt(response) : response);
  }

  return {
    async begin(workspaceId: string, key: string, fingerprint: string): Promise<IdempotencyDecision> {
      const nowMs = clock.now().getTime();
      const now = iso(nowMs);
      const fresh = { owner: claimOwner(), lease_until: iso(nowMs + leaseMs), fingerprint, created_at: now, expires_at: iso(nowMs + ttlMs) };
      let existing = await repo.get(workspaceId, key);
      if (existing && existing.expires_at <= now) {
        await repo.deleteIfExpired(workspaceId, key, now);
        existing = undefined;
      }
      if (!existing) {
        if (await repo.claim({ workspace_id: workspaceId, key, status: null, response: null, ...fresh })) return running(workspaceId, key, fresh.owner);
        existing = await repo.get(workspaceId, key);
      }
      if (!existing) {
        throw new ServiceError(409, 'idempotency_conflict', 'A request with this Idempotency-Key is still in progress; retry shortly.', { idempotency_key: key, in_progress: true });
      }
      if (existing.fingerprint !== fingerprint) {
        throw new ServiceError(409, 'idempotency_conflict', 'This Idempotency-Key was used with a different request.', { idempotency_key: key });
      }
      if (existing.status === null && existing.resource && existing.prepared_status !== null && existing.prepared_status !== undefined) {
        // Prepared before a commit: if the resource exists, the request did create it; replay.
        const [kind, ...rest] = existing.resource.split(':');
        const found = options.resources?.[kind as ResourceKind];
        if (found && (await found(workspaceId, rest.join(':')))) {
          await repo.settlePrepared(workspaceId, key, existing.resource);
          return { kind: 'replay', status: existing.prepared_status, body: decode(existing.response) };
        }
      }
      if (existing.status === null && (existing.lease_until === null || existing.lease_until <= now)) {
        // Its process is gone (the lease ran out, nothing was answered): this retry runs in its place.
        if (await repo.takeOver(workspaceId, key, existing.lease_until, fresh)) return running(workspaceId, key, fresh.owner);
        existing = (await repo.get(workspaceId, key)) ?? existing;
      }
      if (existing.status === null) {
        throw new ServiceError(409, 'idempotency_conflict', 'A request with this Idempotency-Key is still in progress; retry shortly.', { idempotency_key: key, in_progress: true });
      }
      return { kind: 'replay', status: existing.status, body: decode(existing.response) };
    },

    /** Deletes expired records; returns how many. */
    async purgeExpired(): Promise<number> {
      return repo.deleteExpired(clock.now().toISOString());
    },

    /**
     * Frees every unanswered record at start. Only for SQLite, where the data-directory lock
     * proves that no other process is running a request; on Postgres the leases decide.
     */
    async recoverAtStart(): Promise<number> {
      return repo.releaseAllUnfinished();
    },

    /** Starts the periodic purge. */
    start(): void {
      if (purgeTimer) return;
      purgeTimer = setInterval(() => {
        void this.purgeExpired().catch((error) => options.onError?.(error, 'idempotency purge failed'));
      }, options.purgeEveryMs ?? 10 * 60 * 1000);
      purgeTimer.unref();
    },

    stop(): void {
      if (purgeTimer) clearInterval(purgeTimer);
      purgeTimer = undefined;
    },
  };
}

export interface IdempotencyService {
  begin(workspaceId: string, key: string, fingerprint: string): Promise<IdempotencyDecision>;
  /** Deletes expired records; returns how many. */
  purgeExpired(): Promise<number>;
  /**
   * Frees every unanswered record at start. Only for SQLite, where the data-directory lock
   * proves that no other process is running a request; on Postgres the leases decide.
   */
  recoverAtStart(): Promise<number>;
  /** Starts the periodic purge. */
  start(): void;
  stop(): void;
}
