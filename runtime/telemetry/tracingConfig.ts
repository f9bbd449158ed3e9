import { ConfigError } from '../configError.js';

/**
 * Where and how traces are exported (docs/tracing.md). Absent from `Config` when neither OTLP
 * endpoint variable is set: tracing is off, no exporter is created and nothing wraps the hot path.
 */
export interface TracingConfig {
  /** The OTLP/HTTP traces URL: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as given, else OTEL_EXPORTER_OTLP_ENDPOINT + `/v1/traces`. */
  url: string;
  /** `service.name` of the resource (OTEL_SERVICE_NAME, default `crewd`). */
  serviceName: string;
  /** How long finished spans wait to be sent in one batch (OTEL_BSP_SCHEDULE_DELAY, ms, default 5000). */
  scheduledDelayMs: number;
  /** Longest one export may take (OTEL_EXPORTER_OTLP_TRACES_TIMEOUT or OTEL_EXPORTER_OTLP_TIMEOUT, ms, default 10000). */
  exportTimeoutMs: number;
}

type Env = Record<string, string | undefined>;

function httpUrl(env: Env, name: string): URL | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, `expected a URL, got "${raw}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new ConfigError(name, `expected an http or https URL, got "${parsed.protocol}"`);
  return parsed;
}

function milliseconds(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `expected a whole number of milliseconds, got "${raw}"`);
  const value = Number(raw);
  if (value < 1 || value > 600_000) throw new ConfigError(name, `expected a number from 1 to 600000, got ${value}`);
  return value;
}

/** Reads the standard OTEL_* variables crewd honours; undefined when no endpoint is set (tracing off). */
export function loadTracingConfig(env: Env): TracingConfig | undefined {
  // The signal-specific variable is the full URL; the general one is a base the path is added to
  // (the OTLP exporter specification's rule for OTLP/HTTP).
  const traces = httpUrl(env, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT');
  const base = httpUrl(env, 'OTEL_EXPORTER_OTLP_ENDPOINT');
  const serviceName = env.OTEL_SERVICE_NAME?.trim() || 'crewd';
  const scheduledDelayMs = milliseconds(env, 'OTEL_BSP_SCHEDULE_DELAY', 5_000);
  const exportTimeoutMs = milliseconds(env, 'OTEL_EXPORTER_OTLP_TRACES_TIMEOUT', milliseconds(env, 'OTEL_EXPORTER_OTLP_TIMEOUT', 10_000));
  if (!traces && !base) return undefined;
  const url = traces ? traces.href : `${base!.href.replace(/\/+$/, '')}/v1/traces`;
  return { url, serviceName, scheduledDelayMs, exportTimeoutMs };
}
