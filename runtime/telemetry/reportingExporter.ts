import { ExportResultCode, type ExportResult } from '@opentelemetry/core';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-base';

/**
 * The exporter with its failures reported (an unreachable collector, a refused batch): the SDK
 * only tells its global diagnostic logger, which crewd does not install, so without this an
 * operator would see no sign that spans are being dropped.
 */
export function reportingExporter(exporter: SpanExporter, onError: (error: Error, spans: number) => void): SpanExporter {
  return {
    export(spans: ReadableSpan[], done: (result: ExportResult) => void): void {
      exporter.export(spans, (result) => {
        if (result.code !== ExportResultCode.SUCCESS) onError(result.error ?? new Error('the trace export failed'), spans.length);
        done(result);
      });
    },
    shutdown: () => exporter.shutdown(),
    forceFlush: () => exporter.forceFlush?.() ?? Promise.resolve(),
  };
}
