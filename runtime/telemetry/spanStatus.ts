import { SpanStatusCode, type Span } from '@opentelemetry/api';
import { ATTR_ERROR_TYPE } from '@opentelemetry/semantic-conventions';

/** Marks `span` failed: status ERROR with `message`, and `error.type` (a low-cardinality code). */
export function failSpan(span: Span, errorType: string, message: string): void {
  span.setAttribute(ATTR_ERROR_TYPE, errorType);
  span.setStatus({ code: SpanStatusCode.ERROR, message: message.slice(0, 200) });
}

/** Marks `span` failed by a thrown error: its name (or `aborted` for a cancelled call) and message. */
export function failSpanWith(span: Span, error: unknown, signal?: AbortSignal): void {
  const name = signal?.aborted ? 'aborted' : error instanceof Error ? error.name : '_OTHER';
  if (error instanceof Error) span.recordException(error);
  failSpan(span, name, error instanceof Error ? error.message : String(error));
}
