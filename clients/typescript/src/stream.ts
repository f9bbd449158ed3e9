import WebSocket from 'ws';
import { CrewdApiError } from './errors.js';
import { connectSse } from './sseConnection.js';
import { stepQueue, type Step, type StreamMessage } from './streamTypes.js';

export type { StreamMessage };

export interface FollowOptions {
  /** Resume after this sequence (default 0: every stored event). */
  after?: number;
  /** Reconnections allowed in a row without receiving anything (default 5). */
  reconnects?: number;
  /** Wait before reconnecting, doubled each time in a row (default 200 ms). */
  reconnectDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
  signal?: AbortSignal;
  /**
   * 'websocket' (default) falls back to Server-Sent Events (`GET /v1/outcomes/{id}/events`) when
   * the upgrade is refused with a status that no key, outcome or overload explains (a proxy that
   * does not pass WebSockets answers 400, 405, 426...); 'sse' uses Server-Sent Events from the start.
   */
  transport?: 'websocket' | 'sse';
}

/** A refused upgrade that says WebSocket is not available here (an SSE request then answers any real API error again). */
function upgradeUnavailable(error: CrewdApiError): boolean {
  return ![401, 403, 404, 429, 500, 502, 503, 504].includes(error.status);
}


/** A connection as a pull queue: messages in order, then exactly one end step. */
function connect(url: string, apiKey: string, signal?: AbortSignal) {
  const ws = new WebSocket(url, { headers: { Authorization: `Bearer ${apiKey}` } });
  const steps = stepQueue();
  const push = steps.push;
  const abort = () => ws.terminate();
  signal?.addEventListener('abort', abort, { once: true });
  ws.on('message', (raw) => {
    try {
      push({ kind: 'message', message: JSON.parse(String(raw)) as StreamMessage });
    } catch (error) {
      push({ kind: 'error', error: error as Error });
    }
  });
  ws.on('unexpected-response', (_req, res) => {
    let text = '';
    res.on('data', (chunk: Buffer) => (text += chunk));
    res.on('end', () => {
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
      push({ kind: 'refused', error: CrewdApiError.fromBody(res.statusCode ?? 0, body) });
      ws.terminate();
    });
  });
  ws.on('error', (error) => push({ kind: 'error', error }));
  ws.on('close', (code) => push({ kind: 'closed', code }));
  return {
    next: steps.next,
    close() {
      signal?.removeEventListener('abort', abort);
      ws.terminate();
    },
  };
}

/**
 * Follows an outcome's stream (WebSocket, or Server-Sent Events: see `transport`) to its end: yields `outcome.snapshot` (on every
 * (re)connection), then each event once, in sequence order. A connection that drops before the
 * server's normal close (1000, sent after `outcome.completed` or `outcome.failed`) is reopened with
 * `?after=<last sequence seen>`, so nothing is missed or repeated. Refusals that retrying cannot
 * fix (401, 403, 404) throw a CrewdApiError; so does running out of reconnections.
 */
export async function* followOutcome(baseUrl: string, apiKey: string, outcomeId: string, options: FollowOptions = {}): AsyncGenerator<StreamMessage> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const allowed = options.reconnects ?? 5;
  const delay = options.reconnectDelayMs ?? 200;
  let last = options.after ?? 0;
  let failures = 0;
  const base = baseUrl.replace(/\/$/, '');
  let sse = options.transport === 'sse';
  for (;;) {
    if (options.signal?.aborted) return;
    const path = `/v1/outcomes/${encodeURIComponent(outcomeId)}`;
    const connection = sse ? connectSse(`${base}${path}/events?after=${last}`, apiKey, options.signal) : connect(`${base.replace(/^http/, 'ws')}${path}/stream?after=${last}`, apiKey, options.signal);
    let reason: Error | undefined;
    let fallBack = false;
    try {
      for (;;) {
        const step = await connection.next();
        if (step.kind === 'message') {
          failures = 0;
          const { message } = step;
          if (message.event === 'outcome.snapshot') {
            yield message;
          } else if (message.sequence > last) {
            last = message.sequence;
            yield message;
          }
          continue;
        }
        if (step.kind === 'closed' && step.code === 1000) return;
        if (step.kind === 'refused' && !sse && upgradeUnavailable(step.error)) {
          sse = true; // no WebSocket on this path: follow over Server-Sent Events instead, at once
          fallBack = true;
          break;
        }
        if (step.kind === 'refused' && ![429, 500, 502, 503, 504].includes(step.error.status)) throw step.error;
        reason = step.kind === 'closed' ? new Error(`stream closed with ${step.code}`) : step.error;
        break;
      }
    } finally {
      connection.close();
    }
    if (options.signal?.aborted) return;
    if (fallBack) continue;
    failures += 1;
    if (failures > allowed) throw new CrewdApiError(0, 'stream_lost', `The stream of ${outcomeId} dropped ${failures} times in a row: ${reason?.message}`, { last_sequence: last });
    await sleep(delay * 2 ** (failures - 1));
  }
}
