import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One span as the receiver decoded it from an OTLP/HTTP JSON export. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  /** OTLP SpanKind: 1 internal, 2 server, 3 client. */
  kind: number;
  /** OTLP status code: 0 unset, 1 ok, 2 error. */
  status: { code: number; message?: string };
  attributes: Record<string, unknown>;
  /** The resource's attributes (service.name ...). */
  resource: Record<string, unknown>;
}

export interface OtlpReceiver {
  /** The base URL, for OTEL_EXPORTER_OTLP_ENDPOINT (the exporter adds /v1/traces). */
  url: string;
  spans: ReceivedSpan[];
  /** Every request: its path and content type. */
  requests: Array<{ path: string; contentType: string | undefined }>;
  close(): Promise<void>;
}

type AnyValue = { stringValue?: string; intValue?: string | number; doubleValue?: number; boolValue?: boolean; arrayValue?: { values?: AnyValue[] } };

function valueOf(value: AnyValue | undefined): unknown {
  if (!value) return undefined;
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(valueOf);
  return undefined;
}

function attributesOf(list: Array<{ key: string; value?: AnyValue }> | undefined): Record<string, unknown> {
  return Object.fromEntries((list ?? []).map((entry) => [entry.key, valueOf(entry.value)]));
}

/**
 * A local OTLP/HTTP trace receiver: a plain node http server that accepts POST /v1/traces with
 * the JSON encoding (what @opentelemetry/exporter-trace-otlp-http sends) and keeps the decoded
 * spans. A body it cannot decode answers 400 and fails the test that waits for spans.
 */
export async function startOtlpReceiver(port = 0): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const requests: OtlpReceiver['requests'] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({ path: request.url ?? '', contentType: request.headers['content-type'] });
      try {
        if (request.method !== 'POST' || request.url !== '/v1/traces') throw new Error(`unexpected ${request.method} ${request.url}`);
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          resourceSpans?: Array<{ resource?: { attributes?: Array<{ key: string; value?: AnyValue }> }; scopeSpans?: Array<{ spans?: Array<Record<string, any>> }> }>;
        };
        for (const resourceSpans of body.resourceSpans ?? []) {
          const resource = attributesOf(resourceSpans.resource?.attributes);
          for (const scope of resourceSpans.scopeSpans ?? []) {
            for (const span of scope.spans ?? []) {
              spans.push({
                traceId: span.traceId,
                spanId: span.spanId,
                parentSpanId: span.parentSpanId ?? '',
                name: span.name,
                kind: span.kind,
                status: { code: span.status?.code ?? 0, ...(span.status?.message ? { message: span.status.message } : {}) },
                attributes: attributesOf(span.attributes),
                resource,
              });
            }
          }
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } catch (error) {
        response.writeHead(400, { 'content-type': 'text/plain' }).end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    spans,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
