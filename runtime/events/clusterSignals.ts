import { createRequire } from 'node:module';
import type pg from 'pg';

// pg (about 25 modules) loads only where the signals run on Postgres; a SQLite process never needs it.
const require = createRequire(import.meta.url);
const loadPg = (): typeof pg => require('pg');

export type SignalHandler = (payload: unknown) => void;

/**
 * Small notices between the processes that share one database (DESIGN section 3): "events of
 * these outcomes were committed", "this workspace's webhooks changed". A notice is a hint that
 * carries ids, never data: whoever acts on it reads the database. Notices can be lost (a dropped
 * connection), so every user also has a safety net, and `onResync` tells them when notices may
 * have been missed (the listening connection was re-established).
 *
 * Invariants: `send` never throws and never waits for the database; a process does not receive
 * its own notices; handlers run one notice at a time, in the order the database delivered them.
 */
export interface ClusterSignals {
  /** This process's name in notices. */
  readonly node: string;
  /** Whether other processes can exist (Postgres); false for the single-process variant. */
  readonly shared: boolean;
  send(topic: string, payload: unknown): void;
  /**
   * The notice `send` would send, as a channel and a message for a writer to NOTIFY inside its own
   * transaction (delivered on commit, with no statement of its own; issue 30 item 2). Absent or
   * null where nothing is shared.
   */
  notice?(topic: string, payload: unknown): { channel: string; message: string } | null;
  on(topic: string, handler: SignalHandler): () => void;
  onResync(handler: () => void): () => void;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** One process (SQLite): nobody else to tell, so sending costs nothing and nothing arrives. */
export function createLocalSignals(node: string): ClusterSignals {
  return {
    node,
    shared: false,
    send: () => undefined,
    on: () => () => undefined,
    onResync: () => () => undefined,
    start: async () => undefined,
    close: async () => undefined,
  };
}

export interface PostgresSignalsOptions {
  connectionString: string;
  node: string;
  /** The LISTEN/NOTIFY channel; one per database is enough. */
  channel?: string;
  onError(error: unknown, message: string): void;
  /** Longest pause between reconnect attempts of the listening connection. */
  maxReconnectMs?: number;
}

/** Postgres limits a NOTIFY payload to 8000 bytes; larger id lists are split below this. */
const maxPayloadChars = 7_000;

/**
 * LISTEN/NOTIFY on one dedicated connection (outside the knex pool, which recycles connections).
 * Sends are queued and written together once per turn of the event loop; while the connection is
 * down they are dropped (receivers resync when it is back). The connection is re-established by
 * itself with a doubling backoff, so a database restart needs no operator.
 */
export function createPostgresSignals(options: PostgresSignalsOptions): ClusterSignals {
  const channel = options.channel ?? 'crewd_signals';
  const maxReconnectMs = options.maxReconnectMs ?? 2_000;
  const handlers = new Map<string, Set<SignalHandler>>();
  const resyncHandlers = new Set<() => void>();
  /** One notice's message: the sending node (its own notices are ignored), the topic, the payload. */
  const messageOf = (topic: string, payload: unknown) => JSON.stringify({ n: options.node, t: topic, p: payload });
  let client: pg.Client | null = null;
  let connected = false;
  let closed = false;
  let reconnectDelay = 100;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let queue: string[] = [];
  let flushScheduled = false;

  function dispatch(text: string): void {
    let message: { n?: string; t?: string; p?: unknown };
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      return;
    }
    if (message.n === options.node || typeof message.t !== 'string') return;
    for (const handler of handlers.get(message.t) ?? []) {
      try {
        handler(message.p);
      } catch (error) {
        options.onError(error, `cluster signal handler for ${message.t} failed`);
      }
    }
  }

  async function connect(): Promise<void> {
    const next = new (loadPg().Client)({ connectionString: options.connectionString });
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next, undefined));
    next.on('notification', (notice) => {
      if (notice.channel === channel && notice.payload) dispatch(notice.payload);
    });
    client = next;
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    if (closed) return void next.end().catch(() => undefined);
    connected = true;
    reconnectDelay = 100;
    for (const handler of resyncHandlers) {
      try {
        handler();
      } catch (error) {
        options.onError(error, 'cluster resync handler failed');
      }
    }
  }

  function lost(which: pg.Client, error: unknown): void {
    if (client !== which) return;
    client = null;
    connected = false;
    which.removeAllListeners('notification');
    which.end().catch(() => undefined);
    if (closed) return;
    if (error) options.onError(error, 'cluster signal connection lost; reconnecting');
    scheduleReconnect();
  }

  function scheduleReconnect(): void {
    if (reconnectTimer || closed) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      const attempt = client;
      connect().catch((error) => {
        if (client && client !== attempt) lost(client, error);
        else scheduleReconnect();
      });
    }, reconnectDelay);
    reconnectTimer.unref();
    reconnectDelay = Math.min(maxReconnectMs, reconnectDelay * 2);
  }

  let sending: Promise<unknown> = Promise.resolve();
  function flush(): void {
    flushScheduled = false;
    const batch = queue;
    queue = [];
    if (!connected || !client || batch.length === 0) return;
    // One statement for everything sent in this turn: one round trip however many notices.
    const sql = `SELECT ${batch.map((_, i) => `pg_notify($1, $${i + 2})`).join(', ')}`;
    const target = client;
    // One statement at a time on the connection (pg deprecates queueing them on a client).
    sending = sending.then(() => target.query(sql, [channel, ...batch])).catch((error: unknown) => options.onError(error, 'sending cluster signals failed'));
  }

  return {
    node: options.node,
    shared: true,
    notice(topic: string, payload: unknown): { channel: string; message: string } {
      return { channel, message: messageOf(topic, payload) };
    },
    send(topic: string, payload: unknown): void {
      if (closed || !connected) return;
      queue.push(messageOf(topic, payload));
      if (!flushScheduled) {
        flushScheduled = true;
        setImmediate(flush);
      }
    },
    on(topic: string, handler: SignalHandler): () => void {
      let set = handlers.get(topic);
      if (!set) handlers.set(topic, (set = new Set()));
      set.add(handler);
      return () => set.delete(handler);
    },
    onResync(handler: () => void): () => void {
      resyncHandlers.add(handler);
      return () => resyncHandlers.delete(handler);
    },
    async start(): Promise<void> {
      try {
        await connect();
      } catch (error) {
        // The database answered the migrations a moment ago: keep trying in the background.
        options.onError(error, 'cluster signal connection failed; retrying');
        if (client) lost(client, undefined);
        else scheduleReconnect();
      }
    },
    async close(): Promise<void> {
      if (reconnectTimer) clearTimeout(reconnectTimer);
      // What was sent last (an admin command's one notice) goes out before the connection ends.
      flush();
      closed = true;
      await sending;
      const current = client;
      client = null;
      connected = false;
      if (current) await current.end().catch(() => undefined);
    },
  };
}

/** Splits ids into lists whose JSON stays under the NOTIFY payload limit. */
export function chunkForNotify<T>(items: readonly T[]): T[][] {
  const chunks: T[][] = [];
  let current: T[] = [];
  let size = 2;
  for (const item of items) {
    const length = JSON.stringify(item).length + 1;
    if (current.length > 0 && size + length > maxPayloadChars) {
      chunks.push(current);
      current = [];
      size = 2;
    }
    current.push(item);
    size += length;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}
