import type { Db } from '../../storage/db.js';
import type { ApiKeyRow, ApiKeysRepository } from '../../storage/repositories/apiKeys.js';
import type { WorkspaceRow, WorkspacesRepository } from '../../storage/repositories/workspaces.js';
import type { Clock } from '../clock.js';
import type { ClusterSignals } from '../events/clusterSignals.js';
import type { IdGenerator } from '../ids.js';
import { ExpiringCache } from './keyCache.js';
import { displayPrefix, hashSecret, newSecret } from './keySecrets.js';
import { watchRevocations } from './revocationWatch.js';
import type { Scope } from './scopes.js';

/** The cluster topic a revoke NOTIFYs (no payload): every process reads the revocation version. */
export const revocationTopic = 'revocation';

/** What a request learns about the key it presented. */
export interface AuthenticatedKey {
  keyId: string;
  name: string;
  permissions: Scope[];
  expiresAt: string | null;
  workspace: WorkspaceRow;
}

export type VerifyResult =
  | { ok: true; key: AuthenticatedKey }
  | { ok: false; reason: 'api_key_invalid' | 'api_key_expired' | 'api_key_revoked' };

interface CachedKey {
  row: ApiKeyRow;
  key: AuthenticatedKey;
  expiresAtMs: number | null;
  /** The answer for a valid key, built once per cache line (the request path allocates none). */
  verified: VerifyResult;
}

export interface KeyServiceOptions {
  apiKeys: ApiKeysRepository;
  workspaces: WorkspacesRepository;
  clock: Clock;
  ids: IdGenerator;
  /** How long a verified key is trusted without a read; bounds how late another node sees a revoke. */
  cacheTtlMs?: number;
  /** How often last-used stamps are written, in one batch. */
  flushEveryMs?: number;
  /**
   * How often the revocation version is read: 1 s by default, 5 s with shared `signals` (where a
   * revoke's notice makes every process read at once and the poll is only the safety net); 0 turns
   * the watch off.
   */
  revocationPollMs?: number;
  /**
   * Notices between processes (Postgres): a revoke NOTIFYs them in its own transaction, and a
   * notice, or notices that may have been lost, makes this process read the version at once.
   */
  signals?: Pick<ClusterSignals, 'shared' | 'notice' | 'on' | 'onResync'>;
  onError?(error: unknown, message: string): void;
}

/** A new key's row: only the hash of its secret is stored, and the prefix a listing shows. */
function keyRow(ids: IdGenerator, clock: Clock, input: { workspaceId: string; name: string; permissions: Scope[] }, secret: string, expiresAt: string | null): ApiKeyRow {
  return {
    id: ids.id('key', 16),
    workspace_id: input.workspaceId,
    name: input.name,
    permissions: input.permissions,
    secret_hash: hashSecret(secret),
    prefix: displayPrefix(secret),
    created_at: clock.now().toISOString(),
    last_used_at: null,
    expires_at: expiresAt,
    revoked_at: null,
  };
}

/**
 * Creates, verifies and revokes API keys. Verification reads the database only on a cache miss:
 * a revoke on this node drops the cache line at once; a revoke by another process (the CLI, another
 * node) bumps the database's revocation version, which this service reads every
 * `revocationPollMs` (1 s; 5 s on Postgres, where the revoke's notice makes every process read it
 * at once) and, when it moved, drops every cached key. `cacheTtlMs` bounds the
 * rest (a renamed key's name). `last_used_at` is collected in memory and written in batches, never
 * on the request path.
 */
export function createKeyService(options: KeyServiceOptions): KeyService {
  const { apiKeys, workspaces, clock, ids } = options;
  const ttl = options.cacheTtlMs ?? 30_000;
  const now = () => clock.now().getTime();
  const known = new ExpiringCache<CachedKey>(50_000, now);
  // Unknown secrets are remembered briefly so a flood of bad keys does not become a flood of reads.
  const unknown = new ExpiringCache<true>(10_000, now);
  const pendingLastUsed = new Map<string, number>();

  const timer = setInterval(() => void flush().catch(() => undefined), options.flushEveryMs ?? 5_000);
  timer.unref();

  const signals = options.signals?.shared ? options.signals : undefined;
  const revocations = watchRevocations({ apiKeys, pollMs: options.revocationPollMs ?? (signals ? 5_000 : 1_000), onMoved: () => known.clear(), onError: options.onError });
  signals?.on(revocationTopic, () => revocations.readNow());
  signals?.onResync(() => revocations.readNow());

  async function flush(): Promise<void> {
    if (pendingLastUsed.size === 0) return;
    const stamps = [...pendingLastUsed].map(([id, at]) => ({ id, at: new Date(at).toISOString() }));
    pendingLastUsed.clear();
    await apiKeys.touchMany(stamps);
  }

  async function lookup(hash: string): Promise<CachedKey | undefined> {
    const cached = known.get(hash);
    if (cached) return cached;
    if (unknown.get(hash)) return undefined;
    const row = await apiKeys.findByHash(hash);
    const workspace = row ? await workspaces.get(row.workspace_id) : undefined;
    if (!row || !workspace) {
      unknown.set(hash, true, 5_000);
      return undefined;
    }
    const entry: CachedKey = {
      row,
      key: { keyId: row.id, name: row.name, permissions: row.permissions as Scope[], expiresAt: row.expires_at, workspace },
      expiresAtMs: row.expires_at ? new Date(row.expires_at).getTime() : null,
      verified: { ok: false, reason: 'api_key_invalid' },
    };
    entry.verified = { ok: true, key: entry.key };
    known.set(hash, entry, ttl);
    return entry;
  }

  function judge(entry: CachedKey | undefined, nowMs: number): VerifyResult {
    if (!entry) return { ok: false, reason: 'api_key_invalid' };
    const { row, expiresAtMs } = entry;
    if (row.revoked_at) return { ok: false, reason: 'api_key_revoked' };
    if (expiresAtMs !== null && expiresAtMs <= nowMs) return { ok: false, reason: 'api_key_expired' };
    // Kept as a number on the hot path; turned into a timestamp only when written or shown.
    pendingLastUsed.set(row.id, nowMs);
    return entry.verified;
  }

  return {
    async verify(secret: string): Promise<VerifyResult> {
      return judge(await lookup(hashSecret(secret)), now());
    },

    /**
     * `verify` answered from memory, without a promise, when the secret's verdict is cached (a
     * known key, or a secret recently found unknown); undefined when only the database can tell,
     * and the caller falls back to `verify`. Same verdicts, expiry and last-used stamp as `verify`.
     */
    verifyCached(secret: string): VerifyResult | undefined {
      const hash = hashSecret(secret);
      const nowMs = now();
      const entry = known.get(hash, nowMs);
      if (entry) return judge(entry, nowMs);
      return unknown.get(hash, nowMs) ? judge(undefined, nowMs) : undefined;
    },

    /**
     * `beforeInsert` gets the new key just before it is stored (an idempotent request stores its
     * answer) and may answer a condition (the key's fence) checked in the insert's transaction.
     */
    async create(input: { workspaceId: string; name: string; permissions: Scope[]; expiresAt?: string | null }, beforeInsert?: (created: { row: ApiKeyRow; secret: string }) => Promise<((trx: Db) => Promise<Error | undefined>) | undefined | void>) {
      const secret = newSecret(ids);
      const row = keyRow(ids, clock, input, secret, input.expiresAt ?? null);
      const condition = await beforeInsert?.({ row, secret });
      await apiKeys.insert(row, condition ?? undefined);
      return { row, secret };
    },

    /** Inserts a key whose secret the operator chose (CREWD_BOOTSTRAP_KEY). */
    async createWithSecret(input: { workspaceId: string; name: string; permissions: Scope[]; secret: string }) {
      const row = keyRow(ids, clock, input, input.secret, null);
      await apiKeys.insert(row);
      return row;
    },

    async revoke(keyId: string): Promise<void> {
      await apiKeys.revoke(keyId, clock.now().toISOString(), signals?.notice?.(revocationTopic, null) ?? undefined);
      known.deleteWhere((entry) => entry.row.id === keyId);
      pendingLastUsed.delete(keyId);
    },

    async rename(workspaceId: string, keyId: string, name: string): Promise<void> {
      await apiKeys.rename(workspaceId, keyId, name);
      known.deleteWhere((entry) => entry.row.id === keyId);
    },

    /** The freshest last-used stamp of a key, including one not yet written. */
    lastUsed(keyId: string, stored: string | null): string | null {
      const pending = pendingLastUsed.get(keyId);
      return pending === undefined ? stored : new Date(pending).toISOString();
    },

    flush,

    async close(): Promise<void> {
      clearInterval(timer);
      await revocations.close();
      await flush();
    },
  };
}

export interface KeyService {
  verify(secret: string): Promise<VerifyResult>;
  /**
   * `verify` answered from memory, without a promise, when the secret's verdict is cached (a
   * known key, or a secret recently found unknown); undefined when only the database can tell,
   * and the caller falls back to `verify`. Same verdicts, expiry and last-used stamp as `verify`.
   */
  verifyCached(secret: string): VerifyResult | undefined;
  /**
   * `beforeInsert` gets the new key just before it is stored (an idempotent request stores its
   * answer) and may answer a condition (the key's fence) checked in the insert's transaction.
   */
  create(input: { workspaceId: string; name: string; permissions: Scope[]; expiresAt?: string | null }, beforeInsert?: (created: { row: ApiKeyRow; secret: string }) => Promise<((trx: Db) => Promise<Error | undefined>) | undefined | void>): Promise<{ row: ApiKeyRow; secret: string }>;
  /** Inserts a key whose secret the operator chose (CREWD_BOOTSTRAP_KEY). */
  createWithSecret(input: { workspaceId: string; name: string; permissions: Scope[]; secret: string }): Promise<ApiKeyRow>;
  revoke(keyId: string): Promise<void>;
  rename(workspaceId: string, keyId: string, name: string): Promise<void>;
  /** The freshest last-used stamp of a key, including one not yet written. */
  lastUsed(keyId: string, stored: string | null): string | null;
  flush: () => Promise<void>;
  close(): Promise<void>;
}
