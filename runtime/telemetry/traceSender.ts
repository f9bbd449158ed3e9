import { ROOT_CONTEXT, SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { ATTR_HTTP_REQUEST_METHOD, ATTR_HTTP_RESPONSE_STATUS_CODE, ATTR_SERVER_ADDRESS, ATTR_SERVER_PORT, ATTR_URL_FULL } from '@opentelemetry/semantic-conventions';
import type { WebhookSender } from '../webhooks/sender.js';
import type { ActiveTracing } from './createTracing.js';
import { crewdAttributes } from './genAiAttributes.js';
import { failSpan } from './spanStatus.js';
import { contextOf, withTraceHeaders } from './traceContext.js';

/**
 * A receiver URL as a span may show it: no user or password, and every query value replaced
 * (query strings often carry tokens); the path is kept.
 */
export function redactedUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'invalid';
  }
  url.username = '';
  url.password = '';
  for (const name of [...new Set(url.searchParams.keys())]) url.searchParams.set(name, 'REDACTED');
  url.hash = '';
  return url.href;
}

function outcomeIdOf(body: string): string | undefined {
  return /"outcome_id":"(out_[A-Za-z0-9]+)"/.exec(body)?.[1];
}

/**
 * The webhook sender with one HTTP client span (`POST`) per attempt, in the trace of the outcome
 * the event belongs to (`traceparentOf`, read from the outcome's stored context; a new trace for
 * an event of no outcome), with `http.request.method`, `url.full` (redacted), the answer's
 * `http.response.status_code`, and ERROR when the attempt failed. The attempt's request carries
 * the span as `traceparent`, so a traced receiver joins the trace. The signed body is unchanged.
 * With tracing off, `sender` itself is returned.
 */
export function traceSender(sender: WebhookSender, active: ActiveTracing | undefined, traceparentOf: (outcomeId: string) => Promise<string | undefined>): WebhookSender {
  if (!active) return sender;
  const { tracer } = active;
  return {
    close: () => sender.close(),
    async send(request) {
      const outcomeId = outcomeIdOf(request.body);
      const parent = outcomeId ? contextOf(await traceparentOf(outcomeId).catch(() => undefined)) : ROOT_CONTEXT;
      let server: { address: string; port: number } | undefined;
      try {
        const url = new URL(request.url);
        server = { address: url.hostname, port: Number(url.port) || (url.protocol === 'https:' ? 443 : 80) };
      } catch {
        server = undefined;
      }
      const span = tracer.startSpan(
        'POST',
        {
          kind: SpanKind.CLIENT,
          attributes: {
            [ATTR_HTTP_REQUEST_METHOD]: 'POST',
            [ATTR_URL_FULL]: redactedUrl(request.url),
            ...(server ? { [ATTR_SERVER_ADDRESS]: server.address, [ATTR_SERVER_PORT]: server.port } : {}),
            ...(outcomeId ? { [crewdAttributes.outcomeId]: outcomeId } : {}),
            ...(request.headers['X-Service-Event'] ? { [crewdAttributes.webhookEvent]: request.headers['X-Service-Event'] } : {}),
            ...(request.headers['X-Service-Delivery'] ? { [crewdAttributes.webhookDelivery]: request.headers['X-Service-Delivery'] } : {}),
            ...(request.headers['X-Service-Attempt'] ? { [crewdAttributes.webhookAttempt]: Number(request.headers['X-Service-Attempt']) } : {}),
          },
        },
        parent,
      );
      const result = await sender.send({ ...request, headers: withTraceHeaders(request.headers, span) });
      if (result.status !== null) span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, result.status);
      if (result.ok) span.setStatus({ code: SpanStatusCode.OK });
      else failSpan(span, result.status !== null ? String(result.status) : 'no_response', result.error ?? `answered ${result.status}`);
      span.end();
      return result;
    },
  };
}
