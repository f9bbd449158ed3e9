import { ProtocolError, SdkError, SdkErrorCode, SdkHttpError, type CallToolResult, type OAuthClientProvider } from '@modelcontextprotocol/client';
import { atDeadline, callTimeout, sleep, ToolTaskError } from './callToolAsTask.js';

/** The 2026-07-28 tasks extension's identifier, as servers list it in `server/discover`. */
export const tasksExtension = 'io.modelcontextprotocol/tasks';

const protocolVersion = '2026-07-28';
const minPollMs = 50;
const maxPollMs = 5_000;

/** Where the raw 2026-07-28 requests go: the connection's URL, headers and (OAuth) token source. */
export interface ExtensionTaskTarget {
  url: string;
  headers: Record<string, string>;
  authProvider?: OAuthClientProvider;
  fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
  clientInfo: { name: string; version: string };
}

type Json = Record<string, unknown>;

/** The JSON-RPC answer with our id, from a JSON body or an SSE stream of messages. */
function answerOf(text: string, contentType: string, id: number): Json | undefined {
  if (!contentType.includes('text/event-stream')) return JSON.parse(text) as Json;
  for (const line of text.split('\n')) {
    if (!line.startsWith('data:')) continue;
    const message = JSON.parse(line.slice(5).trim()) as Json;
    if (message.id === id) return message;
  }
  return undefined;
}

/**
 * One 2026-07-28 request as its wire carries it (the envelope in `_meta`, the routing headers),
 * declaring the tasks extension. Sent beside the SDK's client because `@modelcontextprotocol/client`
 * 2.4.0 rejects a `resultType: "task"` answer (UnsupportedResultType); 2026-07-28 is stateless, so
 * a request needs no session of the SDK's. Failures are the SDK's own error classes, so
 * `classifyMcpError` reads them like any other call's.
 */
async function send(target: ExtensionTaskTarget, method: string, params: Json, options: { timeoutMs: number; signal?: AbortSignal }): Promise<Json> {
  const tokens = target.authProvider ? await target.authProvider.tokens() : undefined;
  const name = typeof params.name === 'string' ? params.name : typeof params.taskId === 'string' ? params.taskId : undefined;
  const id = 1;
  const meta = {
    ...((params._meta as Json | undefined) ?? {}),
    'io.modelcontextprotocol/protocolVersion': protocolVersion,
    'io.modelcontextprotocol/clientInfo': target.clientInfo,
    'io.modelcontextprotocol/clientCapabilities': { extensions: { [tasksExtension]: {} } },
  };
  const signals = [AbortSignal.timeout(Math.max(1, options.timeoutMs)), ...(options.signal ? [options.signal] : [])];
  const response = await target.fetch(target.url, {
    method: 'POST',
    headers: {
      ...target.headers,
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'MCP-Protocol-Version': protocolVersion,
      'Mcp-Method': method,
      ...(name ? { 'Mcp-Name': name } : {}),
      ...(tokens ? { Authorization: `Bearer ${tokens.access_token}` } : {}),
    },
    body: JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta: meta } }),
    signal: AbortSignal.any(signals),
  }).catch((error: unknown) => {
    if ((error as Error)?.name === 'TimeoutError') throw new SdkError(SdkErrorCode.RequestTimeout, `${method} got no answer within ${options.timeoutMs} ms`);
    throw error;
  });
  const text = await response.text();
  if (!response.ok) {
    const code = response.status === 401 ? SdkErrorCode.ClientHttpAuthentication : response.status === 403 ? SdkErrorCode.ClientHttpForbidden : SdkErrorCode.ClientHttpUnexpectedContent;
    throw new SdkHttpError(code, `the tool server answered HTTP ${response.status} to ${method}`, { status: response.status, statusText: response.statusText, body: text.slice(0, 500) });
  }
  const answer = answerOf(text, response.headers.get('content-type') ?? '', id);
  if (!answer) throw new SdkError(SdkErrorCode.InvalidResult, `${method}: the answer carried no response to the request`);
  const error = answer.error as { code?: number; message?: string; data?: unknown } | undefined;
  if (error) throw new ProtocolError(Number(error.code ?? -32603), String(error.message ?? 'error'), error.data);
  return (answer.result ?? {}) as Json;
}

/** How long past the call's deadline the creating request may still answer with its task's id (ms). */
const creationGraceMs = 10_000;

/**
 * Calls a tool under the 2026-07-28 tasks extension (`io.modelcontextprotocol/tasks`): `tools/call`
 * declaring the extension may answer at once (`resultType: "complete"`) or with a task, which
 * `tasks/get` polls at the server's `pollIntervalMs` until it is `completed` (the tool's result
 * rides inline), `cancelled`, or `input_required` (crewd's agents have no person to ask, so the task
 * is cancelled and the call fails saying so). Bounded by `timeoutMs` like a plain call: at the
 * deadline, or when `signal` aborts, the task is cancelled on the server (`tasks/cancel`, best effort).
 */
export async function callToolAsExtensionTask(
  target: ExtensionTaskTarget,
  name: string,
  args: Record<string, unknown>,
  options: { timeoutMs: number; signal?: AbortSignal; meta?: Record<string, unknown>; now?: () => number },
): Promise<CallToolResult> {
  const now = options.now ?? Date.now;
  const deadline = now() + options.timeoutMs;
  const remaining = () => Math.max(1, deadline - now());
  // Sent without the signal: a cancel landing while the server creates the task must still leave us
  // its id, so the task is cancelled there rather than left running (see below).
  // Nor is it cut at the deadline: a server still creating the task when the wall limit passes
  // would create it after we stopped listening, and it would run with nobody to cancel it. The
  // creating call gets a grace past the deadline; a task created late is cancelled at once below.
  const created = await send(target, 'tools/call', { name, arguments: args, ...(options.meta ? { _meta: options.meta } : {}) }, { timeoutMs: remaining() + creationGraceMs });
  if (created.resultType !== 'task') {
    const { resultType: _kind, ...result } = created;
    return result as CallToolResult;
  }
  const taskId = String(created.taskId);
  let state = created;
  const cancel = () => send(target, 'tasks/cancel', { taskId }, { timeoutMs: 2_000 }).catch(() => undefined);
  try {
    if (options.signal?.aborted) throw options.signal.reason;
    while (state.status === 'working' || state.status === 'submitted') {
      const wait = Math.min(Math.max(Number(state.pollIntervalMs ?? 500), minPollMs), maxPollMs);
      if (now() + wait >= deadline) {
        await sleep(Math.max(0, deadline - now()), options.signal);
        throw callTimeout(name, options.timeoutMs, String(state.status), taskId);
      }
      await sleep(wait, options.signal);
      const polled = state;
      state = await send(target, 'tasks/get', { taskId }, { timeoutMs: remaining(), ...(options.signal ? { signal: options.signal } : {}) }).catch((error: unknown) => {
        throw atDeadline(error, deadline, now, () => callTimeout(name, options.timeoutMs, String(polled.status), taskId));
      });
    }
  } catch (error) {
    await cancel();
    throw error;
  }
  const message = typeof state.statusMessage === 'string' ? `: ${state.statusMessage}` : '';
  if (state.status === 'completed' && state.result && typeof state.result === 'object') return state.result as CallToolResult;
  if (state.status === 'input_required') {
    await cancel();
    throw new ToolTaskError(`Tool ${name} task ${taskId} asks for input a crew cannot give${message}`, taskId, 'input_required');
  }
  throw new ToolTaskError(`Tool ${name} task ${taskId} ended ${String(state.status)}${message}`, taskId, String(state.status));
}
