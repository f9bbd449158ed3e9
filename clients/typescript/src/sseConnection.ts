import { CrewdApiError } from './errors.js';
import { stepQueue, type Step, type StreamMessage } from './streamTypes.js';

const terminalEvents = new Set(['outcome.completed', 'outcome.failed', 'outcome.revision_failed']);

/** Whether the server ended the response on purpose: after a terminal event, or a snapshot of a finished outcome. */
function endsOutcome(message: StreamMessage | undefined): boolean {
  if (!message) return false;
  if (message.event === 'outcome.snapshot') return ['completed', 'failed'].includes(String(message.data.status));
  return terminalEvents.has(message.event);
}

/**
 * `GET /v1/outcomes/{id}/events` as Server-Sent Events, as the same pull queue as the WebSocket
 * connection: messages in order, then one end step (`closed` 1000 when the server ended the
 * response after the outcome finished, 1006 when it dropped).
 */
export function connectSse(url: string, apiKey: string, signal?: AbortSignal) {
  const steps = stepQueue();
  const push = steps.push;
  const controller = new AbortController();
  const abort = () => controller.abort();
  signal?.addEventListener('abort', abort, { once: true });

  void (async () => {
    const res = await fetch(url, { headers: { Authorization: `Bearer ${apiKey}`, Accept: 'text/event-stream' }, signal: controller.signal });
    if (!res.ok || !res.headers.get('content-type')?.startsWith('text/event-stream')) {
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: the error carries the text
      }
      return push({ kind: 'refused', error: CrewdApiError.fromBody(res.status, body) });
    }
    let last: StreamMessage | undefined;
    let buffer = '';
    const decoder = new TextDecoder();
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true }).replace(/\r\n?/g, '\n');
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const data = buffer
          .slice(0, end)
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).replace(/^ /, ''));
        buffer = buffer.slice(end + 2);
        if (data.length === 0) continue; // a keep-alive comment or an id-only block
        last = JSON.parse(data.join('\n')) as StreamMessage;
        push({ kind: 'message', message: last });
      }
    }
    push({ kind: 'closed', code: endsOutcome(last) ? 1000 : 1006 });
  })().catch((error: Error) => push({ kind: 'error', error }));

  return {
    next: steps.next,
    close() {
      signal?.removeEventListener('abort', abort);
      controller.abort();
    },
  };
}
