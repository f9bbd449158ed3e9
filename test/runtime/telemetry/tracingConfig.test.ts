import test from 'ava';
import { ConfigError, loadConfig } from '../../../runtime/config.js';
import { loadTracingConfig } from '../../../runtime/telemetry/tracingConfig.js';

test('tracing is off unless an OTLP endpoint is set, whatever else is', (t) => {
  t.is(loadTracingConfig({}), undefined);
  t.is(loadTracingConfig({ OTEL_SERVICE_NAME: 'api', OTEL_BSP_SCHEDULE_DELAY: '100', OTEL_EXPORTER_OTLP_ENDPOINT: '' }), undefined);
  t.is(loadConfig({}).tracing, undefined);
});

test('OTEL_EXPORTER_OTLP_ENDPOINT is a base the traces path is added to; the traces variable is the full URL and wins', (t) => {
  t.deepEqual(loadTracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }), { url: 'http://collector:4318/v1/traces', serviceName: 'crewd', scheduledDelayMs: 5_000, exportTimeoutMs: 10_000 });
  t.is(loadTracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'https://otel.example.com/prefix/' })!.url, 'https://otel.example.com/prefix/v1/traces');
  t.is(loadTracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://b:9999/custom/traces' })!.url, 'http://b:9999/custom/traces');
  t.like(loadTracingConfig({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://b:4318/v1/traces', OTEL_SERVICE_NAME: 'crewd-eu', OTEL_BSP_SCHEDULE_DELAY: '250', OTEL_EXPORTER_OTLP_TIMEOUT: '3000' }), { serviceName: 'crewd-eu', scheduledDelayMs: 250, exportTimeoutMs: 3_000 });
  t.is(loadTracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318', OTEL_EXPORTER_OTLP_TIMEOUT: '3000', OTEL_EXPORTER_OTLP_TRACES_TIMEOUT: '2000' })!.exportTimeoutMs, 2_000);
});

test('a bad value is refused at start with an error naming its variable', (t) => {
  const cases: Array<[Record<string, string>, string]> = [
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' }, 'OTEL_EXPORTER_OTLP_ENDPOINT'],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'ftp://collector' }, 'OTEL_EXPORTER_OTLP_ENDPOINT'],
    [{ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'not a url' }, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318', OTEL_BSP_SCHEDULE_DELAY: 'soon' }, 'OTEL_BSP_SCHEDULE_DELAY'],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318', OTEL_BSP_SCHEDULE_DELAY: '0' }, 'OTEL_BSP_SCHEDULE_DELAY'],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318', OTEL_EXPORTER_OTLP_TIMEOUT: '-1' }, 'OTEL_EXPORTER_OTLP_TIMEOUT'],
  ];
  for (const [env, variable] of cases) {
    const error = t.throws(() => loadConfig(env), { instanceOf: ConfigError }, JSON.stringify(env));
    t.is(error?.variable, variable);
    t.true(error!.message.startsWith(`${variable}: `));
  }
});
