import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';

/**
 * One MCP tool connection of a workspace (DESIGN sections 2 and 9):
 *
 *   connecting -> active
 *   active --LOST--> reconnecting (waiting -> attempting)* -> active | error
 *   a 401/403 anywhere -> error (reason auth_required, no retry loop)
 *   active | reconnecting | error --DISCONNECT--> disconnected (final)
 *   active --RESTORED--> reconnecting.attempting (a restored snapshot has no live session)
 *
 * Pure: no I/O, no clock reads, no randomness. The runtime fills the slots with `.provide()`:
 * - actor `connect`: opens the session and discovers the tools. It RESOLVES for every server
 *   failure with a classified `ConnectResult` carrying the time it read (`at`) and a jitter factor
 *   it drew (`jitter`, 0.5..1), so the backoff arithmetic below stays pure and testable. A
 *   rejection (a bug, a store failure) is treated like a non-retryable failure.
 * - action `scheduleRetry`: arms a timer that sends RETRY_DUE at `dueAt` (short waits: the
 *   deadline is in context and is re-armed on restore).
 * - action `closeSession`: drops the live session (on LOST, error and disconnect).
 * - action `cleanup`: forgets what the process holds for the connection on disconnect (the
 *   catalog's deletion is written with the `disconnected` row, by the runtime's projection).
 *
 * Restore: the runtime sends RESTORED to an actor brought back from its persisted snapshot (after
 * a restart or a takeover). A live MCP session is not part of any snapshot, so a restored `active`
 * connection reconnects at once (an attempt of the reconnect loop, with its backoff and limit); a
 * restored `reconnecting.waiting` re-arms its retry (the due time is in context); a restored
 * connect in flight (`connecting`, `reconnecting.attempting`) is invoked again by XState itself.
 * The stored row is the runtime's projection of every snapshot (no action writes it).
 *
 * The chart's own context updates are named actions too (`recordConnected`, `recordRetry`,
 * `recordFailure`, `recordCrash`), so each transition reads as guard -> target -> what it records.
 *
 * The public `connection_status` keeps the spec's three values: `publicStatus` maps the states.
 */

export type ToolConnectionFailureReason = 'auth_required' | 'unreachable' | 'timeout' | 'protocol_error' | 'session_expired' | 'closed' | 'retries_exhausted';

export type ConnectResult =
  | { ok: true; at: string; toolCount: number }
  | { ok: false; at: string; jitter: number; reason: ToolConnectionFailureReason; retryable: boolean; error: string };

export interface ToolConnectionInput {
  connectionId: string;
  /** The connection's workspace (the actor host's `workspaceOf`); absent in older snapshots. */
  workspaceId?: string;
  /** Reconnect attempts before giving up (after a connection that was active was lost). */
  maxAttempts: number;
  /** First backoff delay; doubles per attempt up to `maxDelayMs` (1 s and 30 s by default). */
  baseDelayMs: number;
  maxDelayMs: number;
  /**
   * False for a connect the user is waiting for (POST /api/mcp/connect): a failure there is
   * answered at once instead of retried. True when restoring a connection that was active.
   */
  retryInitialFailure: boolean;
}

export interface ToolConnectionContext extends ToolConnectionInput {
  /** Reconnect attempts made since the connection was last active. */
  attempt: number;
  reason: ToolConnectionFailureReason | null;
  lastError: string | null;
  nextRetryAt: string | null;
  lastConnectedAt: string | null;
  toolCount: number;
}

export type ToolConnectionEvent =
  | { type: 'LOST'; at: string; jitter: number; reason: ToolConnectionFailureReason; error: string; retryable: boolean }
  | { type: 'RETRY_DUE' }
  | { type: 'DISCONNECT' }
  /** Sent by the runtime right after the actor was restored from its persisted snapshot. */
  | { type: 'RESTORED' };

export interface ScheduleRetryParams {
  connectionId: string;
  attempt: number;
  dueAt: string;
}

/** `status_detail` of the Tool connection resource. */
export interface ToolConnectionStatusDetail {
  state: 'connecting' | 'active' | 'reconnecting' | 'error' | 'disconnected';
  reason: ToolConnectionFailureReason | null;
  next_retry_at: string | null;
  last_error: string | null;
}

export const toolConnectionMachineVersion = '1';

function addMs(iso: string, ms: number): string {
  return new Date(Date.parse(iso) + ms).toISOString();
}

/** Backoff before reconnect attempt `attempt` (1-based): base * 2^(n-1), capped, times jitter. */
export function backoffMs(context: Pick<ToolConnectionContext, 'baseDelayMs' | 'maxDelayMs'>, attempt: number, jitter: number): number {
  const nominal = Math.min(context.maxDelayMs, context.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(nominal * Math.min(1, Math.max(0.5, jitter)));
}

/** The spec's three public values: reconnecting still shows `active`. */
export function publicStatus(state: ToolConnectionStatusDetail['state']): 'active' | 'error' | 'disconnected' {
  if (state === 'error') return 'error';
  if (state === 'disconnected') return 'disconnected';
  return 'active';
}

type Failure = { at: string; jitter: number; reason: ToolConnectionFailureReason; error: string; retryable: boolean };

const failedOnConnect = (output: ConnectResult): Failure | null => (output.ok ? null : output);

// Parameter mappings shared by the transitions below (what each named action or guard reads).
const connection = ({ context }: { context: ToolConnectionContext }) => ({ connectionId: context.connectionId });
const connectOutput = ({ event }: { event: { output: ConnectResult } }) => ({ output: event.output });
const connectFailure = ({ event }: { event: { output: ConnectResult } }) => ({ failure: failedOnConnect(event.output) });
const retryDue = ({ context }: { context: ToolConnectionContext }): ScheduleRetryParams => ({ connectionId: context.connectionId, attempt: context.attempt, dueAt: context.nextRetryAt ?? '' });
const crash = ({ event }: { event: { error: unknown } }) => ({ error: String((event.error as Error)?.message ?? event.error) });

export const toolConnectionMachine = setup({
  types: {
    context: {} as ToolConnectionContext,
    input: {} as ToolConnectionInput,
    events: {} as ToolConnectionEvent,
  },
  actors: {
    connect: fromPromise<ConnectResult, { connectionId: string; attempt: number }>(async () => {
      throw new Error('toolConnection: the connect actor was not provided');
    }),
  },
  actions: {
    scheduleRetry: (_, _params: ScheduleRetryParams) => {},
    closeSession: (_, _params: { connectionId: string }) => {},
    cleanup: (_, _params: { connectionId: string }) => {},
    /** A connect succeeded: the attempts start over and the failure is forgotten. */
    recordConnected: assign((_, params: { output: ConnectResult }) => ({
      attempt: 0,
      reason: null,
      lastError: null,
      nextRetryAt: null,
      lastConnectedAt: params.output.at,
      toolCount: params.output.ok ? params.output.toolCount : 0,
    })),
    /** A failure that is not retried: remember why, no retry is due. */
    recordFailure: assign((_, params: { failure: Failure | null; reason?: ToolConnectionFailureReason }) => ({
      reason: params.reason ?? params.failure?.reason ?? null,
      lastError: params.failure?.error ?? null,
      nextRetryAt: null,
    })),
    /** A failure that is retried: count the attempt and set when it is due (backoff with jitter). */
    recordRetry: assign(({ context }, params: { failure: Failure | null }) => ({
      attempt: context.attempt + 1,
      reason: params.failure?.reason ?? null,
      lastError: params.failure?.error ?? null,
      nextRetryAt: params.failure ? addMs(params.failure.at, backoffMs(context, context.attempt + 1, params.failure.jitter)) : null,
    })),
    /** The connect actor rejected (a bug or a store failure): an error, not retried. */
    recordCrash: assign((_, params: { error: string }) => ({ reason: 'protocol_error' as const, lastError: params.error })),
  },
  guards: {
    succeeded: (_, params: { output: ConnectResult }) => params.output.ok,
    authFailure: (_, params: { failure: Failure | null }) => params.failure?.reason === 'auth_required',
    mayRetry: ({ context }, params: { failure: Failure | null; initial: boolean }) =>
      params.failure !== null && params.failure.retryable && (!params.initial || context.retryInitialFailure) && context.attempt < context.maxAttempts,
  },
}).createMachine({
  id: 'toolConnection',
  version: toolConnectionMachineVersion,
  context: ({ input }) => ({ ...input, attempt: 0, reason: null, lastError: null, nextRetryAt: null, lastConnectedAt: null, toolCount: 0 }),
  initial: 'connecting',
  states: {
    connecting: {
      invoke: {
        src: 'connect',
        input: ({ context }) => ({ connectionId: context.connectionId, attempt: 0 }),
        onDone: [
          { guard: { type: 'succeeded', params: connectOutput }, target: 'active', actions: { type: 'recordConnected', params: connectOutput } },
          { guard: { type: 'authFailure', params: connectFailure }, target: 'error', actions: { type: 'recordFailure', params: connectFailure } },
          {
            guard: { type: 'mayRetry', params: ({ event }) => ({ failure: failedOnConnect(event.output), initial: true }) },
            target: 'reconnecting',
            actions: { type: 'recordRetry', params: connectFailure },
          },
          { target: 'error', actions: { type: 'recordFailure', params: connectFailure } },
        ],
        onError: { target: 'error', actions: { type: 'recordCrash', params: crash } },
      },
    },
    active: {
      on: {
        // The session died with the process that held it: reconnect now (no failure to record).
        RESTORED: '#toolConnection.reconnecting.attempting',
        LOST: [
          {
            guard: { type: 'authFailure', params: ({ event }) => ({ failure: event }) },
            target: 'error',
            actions: [{ type: 'recordFailure', params: ({ event }) => ({ failure: event }) }, { type: 'closeSession', params: connection }],
          },
          {
            target: 'reconnecting',
            actions: [{ type: 'recordRetry', params: ({ event }) => ({ failure: event }) }, { type: 'closeSession', params: connection }],
          },
        ],
        DISCONNECT: 'disconnected',
      },
    },
    reconnecting: {
      initial: 'waiting',
      on: { DISCONNECT: 'disconnected' },
      states: {
        waiting: {
          entry: { type: 'scheduleRetry', params: retryDue },
          // The timer died with the process: arm it again for the same due time.
          on: { RETRY_DUE: 'attempting', RESTORED: { actions: { type: 'scheduleRetry', params: retryDue } } },
        },
        attempting: {
          invoke: {
            src: 'connect',
            input: ({ context }) => ({ connectionId: context.connectionId, attempt: context.attempt }),
            onDone: [
              { guard: { type: 'succeeded', params: connectOutput }, target: '#toolConnection.active', actions: { type: 'recordConnected', params: connectOutput } },
              { guard: { type: 'authFailure', params: connectFailure }, target: '#toolConnection.error', actions: { type: 'recordFailure', params: connectFailure } },
              {
                guard: { type: 'mayRetry', params: ({ event }) => ({ failure: failedOnConnect(event.output), initial: false }) },
                target: 'waiting',
                actions: { type: 'recordRetry', params: connectFailure },
              },
              {
                target: '#toolConnection.error',
                actions: { type: 'recordFailure', params: ({ event }) => ({ failure: failedOnConnect(event.output), reason: 'retries_exhausted' as const }) },
              },
            ],
            onError: { target: '#toolConnection.error', actions: { type: 'recordCrash', params: crash } },
          },
        },
      },
    },
    error: {
      entry: { type: 'closeSession', params: connection },
      on: { DISCONNECT: 'disconnected' },
    },
    disconnected: {
      type: 'final',
      entry: [assign({ nextRetryAt: null }), { type: 'closeSession', params: connection }, { type: 'cleanup', params: connection }],
    },
  },
});

/** The `status_detail` of a connection in this snapshot (`reconnecting` for both of its substates). */
export function statusDetailOf(snapshot: SnapshotFrom<typeof toolConnectionMachine>): ToolConnectionStatusDetail {
  const state = snapshot.matches('reconnecting') ? 'reconnecting' : (snapshot.value as ToolConnectionStatusDetail['state']);
  return { state, reason: snapshot.context.reason, next_retry_at: snapshot.context.nextRetryAt, last_error: snapshot.context.lastError };
}
