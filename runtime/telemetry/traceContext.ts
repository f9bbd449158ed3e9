import { ROOT_CONTEXT, defaultTextMapGetter, defaultTextMapSetter, trace, type Context, type Span } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';

/*
 * W3C trace context (the `traceparent` header) read and written with the SDK's own propagator,
 * passed explicitly: crewd installs no global context manager or propagator, so a context is
 * always handed to `startSpan` as its parent.
 */

// Stateless: it only reads and writes the carrier it is given.
const propagator = new W3CTraceContextPropagator();

/**
 * The context whose parent is the span `traceparent` names; the root context when it is absent
 * or malformed (a bad header from a caller starts a new trace instead of failing the request).
 */
export function contextOf(traceparent: string | null | undefined, tracestate?: string): Context {
  if (!traceparent) return ROOT_CONTEXT;
  return propagator.extract(ROOT_CONTEXT, tracestate ? { traceparent, tracestate } : { traceparent }, defaultTextMapGetter);
}

/** The `traceparent` value naming `span`, to be stored or sent on. */
export function traceparentOf(span: Span): string | undefined {
  const carrier: Record<string, string> = {};
  propagator.inject(trace.setSpan(ROOT_CONTEXT, span), carrier, defaultTextMapSetter);
  return carrier.traceparent;
}

/** `headers` with the W3C trace context of `span` added (a new object; the input is not changed). */
export function withTraceHeaders(headers: Record<string, string>, span: Span): Record<string, string> {
  const carrier: Record<string, string> = { ...headers };
  propagator.inject(trace.setSpan(ROOT_CONTEXT, span), carrier, defaultTextMapSetter);
  return carrier;
}
