import type { WebhookRow, WebhooksRepository } from '../../storage/repositories/webhooks.js';
import type { SecretCipher } from '../secrets/cipher.js';
import type { MonotonicClock } from './sender.js';

/** A webhook as the dispatcher sends to it: the row and its decrypted signing secrets. */
export interface SendableWebhook {
  row: WebhookRow;
  secret: string;
  /** The secret a rotation replaced, still signed with until `previousExpiresAt`. */
  previousSecret: string | null;
  previousExpiresAt: string | null;
  /** The A2A push config's token, sent as `X-A2A-Notification-Token`; null on other webhooks. */
  notificationToken: string | null;
}

export interface WebhookCacheOptions {
  webhooks: WebhooksRepository;
  cipher: SecretCipher;
  monotonic: MonotonicClock;
  /** How long another node's change may go unseen; a change on this node clears the cache at once. */
  ttlMs?: number;
}

/**
 * The webhooks the dispatcher fans out to and sends to, read once per `ttlMs` instead of once per
 * event or attempt. `changed(workspaceId)` must be called after every create, update or delete.
 */
export interface WebhookCache {
  /** A webhook of the workspace was created, changed or deleted: forget what is cached of it. */
  changed(workspaceId: string): void;
  /** Active, undeleted webhooks of each workspace: the fan-out targets. */
  active(workspaceIds: string[]): Promise<Map<string, WebhookRow[]>>;
  /** The webhook when it is cached and fresh (no promise: the hot path stays synchronous). */
  cached(id: string): SendableWebhook | undefined;
  /** The webhook, deleted ones included (the caller decides what deleted means); undefined when unknown. */
  load(id: string): Promise<SendableWebhook | undefined>;
}

export function createWebhookCache(options: WebhookCacheOptions): WebhookCache {
  const { webhooks, cipher, monotonic } = options;
  const ttlMs = options.ttlMs ?? 2_000;
  const activeByWorkspace = new Map<string, { rows: WebhookRow[]; at: number }>();
  const byId = new Map<string, SendableWebhook & { at: number }>();
  // One read per webhook when its entry expires, not one per attempt waiting on it.
  const loading = new Map<string, Promise<SendableWebhook | undefined>>();

  function fresh(at: number): boolean {
    return monotonic.now() - at <= ttlMs;
  }

  function decrypt(row: WebhookRow): SendableWebhook {
    return {
      row,
      secret: cipher.decrypt(row.secret),
      previousSecret: row.previous_secret ? cipher.decrypt(row.previous_secret) : null,
      previousExpiresAt: row.previous_secret_expires_at,
      notificationToken: row.notification_token ? cipher.decrypt(row.notification_token) : null,
    };
  }

  return {
    changed(workspaceId: string): void {
      activeByWorkspace.delete(workspaceId);
      loading.clear();
      for (const [id, entry] of byId) if (entry.row.workspace_id === workspaceId) byId.delete(id);
    },

    /** Active, undeleted webhooks of each workspace: the fan-out targets. */
    async active(workspaceIds: string[]): Promise<Map<string, WebhookRow[]>> {
      const missing = workspaceIds.filter((id) => {
        const cached = activeByWorkspace.get(id);
        return !cached || !fresh(cached.at);
      });
      if (missing.length > 0) {
        const rows = await webhooks.listActive(missing);
        const at = monotonic.now();
        for (const id of missing) activeByWorkspace.set(id, { rows: rows.filter((row) => row.workspace_id === id), at });
      }
      return new Map(workspaceIds.map((id) => [id, activeByWorkspace.get(id)?.rows ?? []]));
    },

    /** The webhook when it is cached and fresh (no promise: the hot path stays synchronous). */
    cached(id: string): SendableWebhook | undefined {
      const cached = byId.get(id);
      return cached && fresh(cached.at) ? cached : undefined;
    },

    /** The webhook, deleted ones included (the caller decides what deleted means); undefined when unknown. */
    load(id: string): Promise<SendableWebhook | undefined> {
      let pending = loading.get(id);
      if (!pending) {
        pending = (async () => {
          const row = await webhooks.getAny(id);
          if (!row) return undefined;
          const entry = { ...decrypt(row), at: monotonic.now() };
          if (loading.get(id) === pending) byId.set(id, entry); // unless a change cleared it meanwhile
          return entry;
        })().finally(() => {
          if (loading.get(id) === pending) loading.delete(id);
        });
        loading.set(id, pending);
      }
      return pending;
    },
  };
}

