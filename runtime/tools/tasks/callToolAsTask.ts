import { SdkError, SdkErrorCode, specTypeSchemas, type CallToolResult, type Client, type StandardSchemaV1 } from '@modelcontextprotocol/client';

/** Bounds on the server's suggested `pollInterval`: never hammer it, never sleep past a deadline by much. */
const minPollMs = 50;
const maxPollMs = 5_000;
const terminal = new Set(['completed', 'failed', 'cancelled']);

interface TaskState {
  taskId: string;
  status: string;
  statusMessage?: string;
  pollInterval?: number;
}

export class ToolTaskError extends Error {
  constructor(
    message: string,
    readonly taskId: string,
    readonly status: string,
  ) {
    super(message);
    this.name = 'ToolTaskError';
  }
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts (both task callers poll with it). */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The error of a task call that ran past its wall limit, whichever of its requests the deadline caught. */
export function callTimeout(name: string, timeoutMs: number, status: string, taskId?: string): SdkError {
  return new SdkError(SdkErrorCode.RequestTimeout, `Tool ${name} ran${taskId ? ` as task ${taskId}` : ''} past the call timeout of ${timeoutMs} ms (last status: ${status})`);
}

/**
 * How early a request's timer may fire against `Date.now()`: the SDK's `setTimeout(remaining)`
 * runs on the event loop's own millisecond clock, which can be a millisecond or two ahead of
 * `Date.now()` (seen in CI on Node 22: "Request timed out" reported instead of the call timeout).
 */
const timerSlackMs = 25;

/**
 * A request still in flight at the deadline times out in the SDK ("Request timed out"): that is
 * the call's own timeout (`timeout()`), said the same way whichever request it caught. "At the
 * deadline" allows the timers' slack. Any other error, or one well before the deadline, is `error`
 * unchanged.
 */
export function atDeadline(error: unknown, deadline: number, now: () => number, timeout: () => SdkError): unknown {
  const passed = now() + timerSlackMs >= deadline;
  return passed && error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout ? timeout() : error;
}

/**
 * Calls a tool as an MCP task (2025-11-25 "Tasks"): `tools/call` with a `task` field creates the
 * task; `tasks/get` is polled at the server's `pollInterval` until the task ends; `tasks/result`
 * fetches the tool's result (also for a failed task, whose result says why). The whole exchange is
 * bounded by `timeoutMs` like a plain call: at the deadline, or when `signal` aborts (the outcome
 * was cancelled), the task is cancelled on the server (`tasks/cancel`, best effort) and the call
 * ends with a timeout error or the abort. The SDK 2.x client has no typed task methods, so the
 * requests go through its generic `request()` with the spec's schemas.
 */
export async function callToolAsTask(
  client: Client,
  name: string,
  args: Record<string, unknown>,
  options: { timeoutMs: number; signal?: AbortSignal; meta?: Record<string, unknown>; now?: () => number },
): Promise<CallToolResult> {
  const now = options.now ?? Date.now;
  const deadline = now() + options.timeoutMs;
  const remaining = () => Math.max(1, deadline - now());
  // The SDK 2.x client has no typed task methods: its generic request() with the spec's result schema.
  const request = <S extends StandardSchemaV1>(method: string, params: Record<string, unknown>, schema: S) =>
    client.request({ method, params }, schema, { timeout: remaining(), ...(options.signal ? { signal: options.signal } : {}) });

  // The task lives a little past our deadline so a late `tasks/result` still finds it. The creating
  // request is sent without the signal: a cancel that lands while the server creates the task would
  // abort only our wait for its id and leave the task running there; with the id we cancel it below.
  const pastDeadline = (status: string, taskId?: string) => callTimeout(name, options.timeoutMs, status, taskId);
  const created = await client
    .request({ method: 'tools/call', params: { name, arguments: args, ...(options.meta ? { _meta: options.meta } : {}), task: { ttl: options.timeoutMs + 60_000 } } }, specTypeSchemas.CreateTaskResult, { timeout: remaining() })
    .catch((error: unknown) => {
      throw atDeadline(error, deadline, now, () => pastDeadline('creating'));
    });
  const taskId = created.task.taskId;
  let state: TaskState = created.task;
  // Its own short bound and no signal: it runs after the deadline passed or the outcome was cancelled.
  const cancel = () => client.request({ method: 'tasks/cancel', params: { taskId } }, specTypeSchemas.CancelTaskResult, { timeout: 2_000 }).catch(() => undefined);
  try {
    if (options.signal?.aborted) throw options.signal.reason;
    while (!terminal.has(state.status)) {
      const wait = Math.min(Math.max(state.pollInterval ?? 500, minPollMs), maxPollMs);
      if (now() + wait >= deadline) {
        await sleep(Math.max(0, deadline - now()), options.signal);
        throw pastDeadline(`${state.status}${state.statusMessage ? `, ${state.statusMessage}` : ''}`, taskId);
      }
      await sleep(wait, options.signal);
      const polled = state;
      state = {
        ...(await request('tasks/get', { taskId }, specTypeSchemas.GetTaskResult).catch((error: unknown) => {
          throw atDeadline(error, deadline, now, () => pastDeadline(polled.status, taskId));
        })),
        taskId,
      };
    }
  } catch (error) {
    // Deadline, cancelled outcome or a lost poll: the server should stop working on it.
    await cancel();
    throw error;
  }
  if (state.status === 'cancelled') throw new ToolTaskError(`Tool ${name} task ${taskId} was cancelled by the server${state.statusMessage ? `: ${state.statusMessage}` : ''}`, taskId, state.status);
  try {
    return await request('tasks/result', { taskId }, specTypeSchemas.CallToolResult);
  } catch (error) {
    if (state.status === 'failed') throw new ToolTaskError(`Tool ${name} task ${taskId} failed${state.statusMessage ? `: ${state.statusMessage}` : ''}`, taskId, state.status);
    throw error;
  }
}
