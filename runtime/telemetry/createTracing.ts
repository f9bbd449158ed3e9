import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Context, Tracer } from '@opentelemetry/api';
import type * as OtlpHttp from '@opentelemetry/exporter-trace-otlp-http';
import type * as Resources from '@opentelemetry/resources';
import type * as TraceSdk from '@opentelemetry/sdk-trace-base';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import { reportingExporter } from './reportingExporter.js';
import type { TracingConfig } from './tracingConfig.js';

// The SDK, its resources and the OTLP exporter (about 200 modules, 0.08 CPU-s) are loaded only when
// tracing is on: most processes run without it, and every test file or crewd child that starts the
// service paid for them. Their CommonJS builds (the ones Node's `import` resolves to as well, so
// there is one copy) keep createTracing synchronous.
const require = createRequire(import.meta.url);

/** What the span decorators of this folder need while tracing is on. */
export interface ActiveTracing {
  tracer: Tracer;
  /**
   * The context of the stage (agent) span a model or tool call runs under. crewd registers no
   * global context manager: this one store, owned by the tracing object, carries the stage span
   * from the stage runner's step into the provider and tool services it calls.
   */
  scope: AsyncLocalStorage<Context>;
}

/**
 * Tracing as the composition root builds it: `active` is undefined when tracing is off, and then
 * no provider, exporter or async store exists and every decorator hands back what it was given
 * (the hot path is the same code as without tracing). `shutdown` sends the spans still batched
 * and ends the exporter; graceful shutdown awaits it.
 */
export interface Tracing {
  readonly active: ActiveTracing | undefined;
  shutdown(): Promise<void>;
}

export const tracingOff: Tracing = Object.freeze({ active: undefined, shutdown: async () => {} });

/**
 * Builds the tracer provider from config: the OTLP/HTTP exporter (JSON) behind a batch span
 * processor, with `service.name`, `service.version` and `service.instance.id` on the resource;
 * failed exports are reported through `onExportError`. Nothing is registered globally (no
 * `trace.setGlobalTracerProvider`): the tracer is handed to the parts that use it.
 */
export function createTracing(config: TracingConfig | undefined, version: string, onExportError: (error: Error, spans: number) => void): Tracing {
  if (!config) return tracingOff;
  const { OTLPTraceExporter }: typeof OtlpHttp = require('@opentelemetry/exporter-trace-otlp-http');
  const { resourceFromAttributes }: typeof Resources = require('@opentelemetry/resources');
  const { BasicTracerProvider, BatchSpanProcessor }: typeof TraceSdk = require('@opentelemetry/sdk-trace-base');
  const exporter = reportingExporter(new OTLPTraceExporter({ url: config.url, timeoutMillis: config.exportTimeoutMs }), onExportError);
  const provider = new BasicTracerProvider({
    // `service.instance.id` tells the processes of one deployment apart (a trace continued after a
    // restart or a lease take-over shows both).
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: config.serviceName, [ATTR_SERVICE_VERSION]: version, 'service.instance.id': randomUUID() }),
    spanProcessors: [new BatchSpanProcessor(exporter, { scheduledDelayMillis: config.scheduledDelayMs, exportTimeoutMillis: config.exportTimeoutMs })],
  });
  return {
    active: { tracer: provider.getTracer('crewd', version), scope: new AsyncLocalStorage<Context>() },
    // Shutting the provider down flushes its processors first (BatchSpanProcessor.onShutdown).
    shutdown: () => provider.shutdown(),
  };
}
