import { assign, fromPromise, setup } from 'xstate';

/**
 * One MCP tool connection of a workspace (DESIGN sections 2 and 9):
 *
 *   connecting -> active
 *   active --LOST--> reconnecting (waiting -> attempting)* -> active | error
 *   a 401/403 anywhere -> error (reason auth_required, no retry loop)
 *   active | reconnecting | error --DISCONNECT--> disconnected (final)
 *
 * Pure: no I/O, no clock reads, no randomness. The runtime fills the slots with `.provide()`:
 * - actor `connect`: opens the session and discovers the tools. It RESOLVES for every server
 *   failure with a classified `ConnectResult` carrying the time it read (`at`) and a jitter factor
 *   it drew (`jitter`, 0.5..1), so the backoff arithmetic below stays pure and testable. A
 *   rejection (a bug, a store failure) is treated like a non-retryable failure.
 * - action `scheduleRetry`: arms a timer that sends RETRY_DUE at `dueAt` (short waits: the
 *   deadline is in context and is re-armed on restore).
 * - action `closeSession`: drops the live session (on LOST, error and disconnect).
 * - action `cleanup`: deletes the connection's catalog and quarantine state on disconnect.
 * - action `changed`: the runtime stores the row's state and status detail after each transition.
 *
 * The public `connection_status` keeps the spec's three values: `publicStatus` maps the states.
 */

export type ToolConnectionFailureReason = 'auth_required' | 'unreachable' | 'timeout' | 'protocol_error' | 'session_expired' | 'closed' | 'retries_exhausted';

export type ConnectResult =
  | { ok: true; at: string; toolCount: number }
  | { ok: false; at: string; jitter: number; reason: ToolConnectionFailureReason; retryable: boolean; error: string };

export interface ToolConnectionInput {
  connectionId: string;
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
  | { type: 'DISCONNECT' };

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
    changed: () => {},
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
          { guard: { type: 'succeeded', params: ({ event }) => ({ output: event.output }) }, target: 'active', actions: [
              assign({
                attempt: 0,
                reason: null,
                lastError: null,
                nextRetryAt: null,
                lastConnectedAt: ({ event }) => event.output.at,
                toolCount: ({ event }) => (event.output.ok ? event.output.toolCount : 0),
              }),
            ] },
          { guard: { type: 'authFailure', params: ({ event }) => ({ failure: failedOnConnect(event.output) }) }, target: 'error', actions: [assign({ reason: ({ event }) => (event.output.ok ? null : event.output.reason), lastError: ({ event }) => (event.output.ok ? null : event.output.error), nextRetryAt: null })] },
          {
            guard: { type: 'mayRetry', params: ({ event }) => ({ failure: failedOnConnect(event.output), initial: true }) },
            target: 'reconnecting',
            actions: [
              assign({
                attempt: ({ context }) => context.attempt + 1,
                reason: ({ event }) => (event.output.ok ? null : event.output.reason),
                lastError: ({ event }) => (event.output.ok ? null : event.output.error),
                nextRetryAt: ({ context, event }) => addMs(event.output.at, backoffMs(context, context.attempt + 1, event.output.ok ? 1 : event.output.jitter)),
              }),
            ],
          },
          { target: 'error', actions: [assign({ reason: ({ event }) => (event.output.ok ? null : event.output.reason), lastError: ({ event }) => (event.output.ok ? null : event.output.error), nextRetryAt: null })] },
        ],
        onError: { target: 'error', actions: assign({ reason: 'protocol_error', lastError: ({ event }) => String((event.error as Error)?.message ?? event.error) }) },
      },
    },
    active: {
      entry: 'changed',
      on: {
        LOST: [
          {
            guard: { type: 'authFailure', params: ({ event }) => ({ failure: event }) },
            target: 'error',
            actions: [assign({ reason: ({ event }) => event.reason, lastError: ({ event }) => event.error }), { type: 'closeSession', params: ({ context }) => ({ connectionId: context.connectionId }) }],
          },
          {
            target: 'reconnecting',
            actions: [
              assign({
                attempt: 1,
                reason: ({ event }) => event.reason,
                lastError: ({ event }) => event.error,
                nextRetryAt: ({ context, event }) => addMs(event.at, backoffMs(context, 1, event.jitter)),
              }),
              { type: 'closeSession', params: ({ context }) => ({ connectionId: context.connectionId }) },
            ],
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
          entry: ['changed', { type: 'scheduleRetry', params: ({ context }) => ({ connectionId: context.connectionId, attempt: context.attempt, dueAt: context.nextRetryAt ?? '' }) }],
          on: { RETRY_DUE: 'attempting' },
        },
        attempting: {
          invoke: {
            src: 'connect',
            input: ({ context }) => ({ connectionId: context.connectionId, attempt: context.attempt }),
            onDone: [
              { guard: { type: 'succeeded', params: ({ event }) => ({ output: event.output }) }, target: '#toolConnection.active', actions: [
              assign({
                attempt: 0,
                reason: null,
                lastError: null,
                nextRetryAt: null,
                lastConnectedAt: ({ event }) => event.output.at,
                toolCount: ({ event }) => (event.output.ok ? event.output.toolCount : 0),
              }),
            ] },
              { guard: { type: 'authFailure', params: ({ event }) => ({ failure: failedOnConnect(event.output) }) }, target: '#toolConnection.error', actions: [assign({ reason: ({ event }) => (event.output.ok ? null : event.output.reason), lastError: ({ event }) => (event.output.ok ? null : event.output.error), nextRetryAt: null })] },
              {
                guard: { type: 'mayRetry', params: ({ event }) => ({ failure: failedOnConnect(event.output), initial: false }) },
                target: 'waiting',
                actions: [
              assign({
                attempt: ({ context }) => context.attempt + 1,
                reason: ({ event }) => (event.output.ok ? null : event.output.reason),
                lastError: ({ event }) => (event.output.ok ? null : event.output.error),
                nextRetryAt: ({ context, event }) => addMs(event.output.at, backoffMs(context, context.attempt + 1, event.output.ok ? 1 : event.output.jitter)),
              }),
            ],
              },
              { target: '#toolConnection.error', actions: [assign({ reason: 'retries_exhausted', lastError: ({ event }) => (event.output.ok ? null : event.output.error), nextRetryAt: null })] },
            ],
            onError: { target: '#toolConnection.error', actions: assign({ reason: 'protocol_error', lastError: ({ event }) => String((event.error as Error)?.message ?? event.error) }) },
          },
        },
      },
    },
    error: {
      entry: ['changed', { type: 'closeSession', params: ({ context }) => ({ connectionId: context.connectionId }) }],
      on: { DISCONNECT: 'disconnected' },
    },
    disconnected: {
      type: 'final',
      entry: [
        assign({ nextRetryAt: null }),
        { type: 'closeSession', params: ({ context }) => ({ connectionId: context.connectionId }) },
        { type: 'cleanup', params: ({ context }) => ({ connectionId: context.connectionId }) },
        'changed',
      ],
    },
  },
});
