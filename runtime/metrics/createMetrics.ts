import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { createRequestHistogram } from './requestHistogram.js';

/** Numbers read when Prometheus scrapes (nothing is sampled in between). Each is optional: a missing source leaves its series empty. */
export interface MetricSources {
  /** Live (in-memory) actors; counted by machine and state value. */
  liveActors?(): Array<{ machine: string; state: string }>;
  /** Outcomes waiting for a concurrency slot, by workspace id. */
  queueDepth?(): Promise<Record<string, number>> | Record<string, number>;
  /** Open WebSocket stream clients. */
  streamClients?(): number;
  /** Actor snapshot writes that failed since start (actorHost.health().flushFailures). */
  actorFlushFailures?(): number;
  /** Tick writes refused since start because another process owns the actor now (actorHost.health().fencedWrites). */
  fencedWrites?(): number;
  /** Webhook work not done yet: events the fan-out has not read, deliveries not finished. */
  webhookBacklog?(): Promise<{ events: number; deliveries: number }>;
}

/**
 * The hooks other parts call to report what only they see. Every method is cheap and never
 * throws; labels are bounded (route templates, crews, stages, model names, result words).
 */
export interface Metrics {
  readonly registry: Registry;
  /** One HTTP request; `route` is the router's template (`/v1/outcomes/:outcome_id`) or `unmatched`. */
  httpRequest(method: string, route: string, status: number, seconds: number): void;
  /** One model step: `ok` false when it rejected (aborts are not counted). */
  modelCall(model: string, seconds: number, ok: boolean): void;
  /** One webhook delivery attempt: `success` (2xx), `failed` (an answer that was not 2xx) or `error` (no answer: timeout, refused). */
  webhookAttempt(result: 'success' | 'failed' | 'error', seconds: number): void;
  /** An outcome reached `status` (created, completed, failed, cancelled, revision_requested, revision_failed). */
  outcome(crew: string, status: string): void;
  /** A crew stage ran for `seconds`. */
  stage(crew: string, stage: string, seconds: number): void;
  /** A database transaction (BEGIN to COMMIT or ROLLBACK) or a single query outside one. */
  database(kind: 'transaction' | 'query', outcome: 'commit' | 'rollback' | 'ok' | 'error', seconds: number): void;
}

const latencyBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const slowBuckets = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];

/** How often the event loop lag percentiles (`nodejs_eventloop_lag_p99_seconds`, ...) sample the loop. */
const lagSampleMs = 100;

/** One registry per runtime (never prom-client's global one), with every series crewd exports. */
export function createMetrics(sources: MetricSources = {}): Metrics {
  const registry = new Registry();
  const registers = [registry];
  // prom-client's process_* and nodejs_* series (CPU, memory, event loop lag, GC, handles), read
  // at scrape time into this registry like every other series. The lag percentiles sample the
  // loop with a repeating timer; at prom-client's default (every 10 ms) that timer woke an idle
  // process 100 times a second, and a process with little work as often: a cost per process, not
  // per outcome, that grew CPU per outcome with the number of processes (issue 30 item 2). Ten
  // samples a second still catch any stall long enough to alert on (docs/operating.md).
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: lagSampleMs });

  // Observed on every request: plain counts, built into prom-client's records only when scraped.
  const http = createRequestHistogram({ name: 'crewd_http_request_duration_seconds', help: 'HTTP requests by method, route template and status; _count is the request count', buckets: latencyBuckets, registers });
  const outcomes = new Counter({ name: 'crewd_outcomes_total', help: 'Outcomes reaching a status, by crew', labelNames: ['crew', 'status'], registers });
  const stages = new Histogram({ name: 'crewd_stage_duration_seconds', help: 'Crew stage durations, from crew.agent_started to crew.agent_completed', labelNames: ['crew', 'stage'], buckets: slowBuckets, registers });
  const model = new Histogram({ name: 'crewd_model_call_duration_seconds', help: 'Model step latency by model and result (ok, error)', labelNames: ['model', 'result'], buckets: slowBuckets, registers });
  const modelErrors = new Counter({ name: 'crewd_model_call_errors_total', help: 'Model steps that failed, by model', labelNames: ['model'], registers });
  const webhooks = new Histogram({ name: 'crewd_webhook_attempt_duration_seconds', help: 'Webhook delivery attempts by result (success, failed, error); _count is the attempt count', labelNames: ['result'], buckets: latencyBuckets.concat([30]), registers });
  const db = new Histogram({ name: 'crewd_db_duration_seconds', help: 'Database transactions (BEGIN to COMMIT/ROLLBACK) and queries outside a transaction', labelNames: ['kind', 'outcome'], buckets: latencyBuckets, registers });

  new Gauge({
    name: 'crewd_stream_clients',
    help: 'Open WebSocket outcome-stream clients',
    registers,
    collect() {
      if (sources.streamClients) this.set(sources.streamClients());
    },
  });
  new Gauge({
    name: 'crewd_live_actors',
    help: 'Live actors in this process by machine and state value',
    labelNames: ['machine', 'state'],
    registers,
    collect() {
      this.reset();
      const counts = new Map<string, { machine: string; state: string; n: number }>();
      for (const actor of sources.liveActors?.() ?? []) {
        const key = `${actor.machine}\n${actor.state}`;
        const entry = counts.get(key) ?? { machine: actor.machine, state: actor.state, n: 0 };
        entry.n += 1;
        counts.set(key, entry);
      }
      for (const { machine, state, n } of counts.values()) this.set({ machine, state }, n);
    },
  });
  new Gauge({
    name: 'crewd_queue_depth',
    help: 'Outcomes waiting for a concurrency slot, by workspace',
    labelNames: ['workspace'],
    registers,
    async collect() {
      this.reset();
      if (!sources.queueDepth) return;
      for (const [workspace, n] of Object.entries(await sources.queueDepth())) this.set({ workspace }, n);
    },
  });
  new Gauge({
    name: 'crewd_actor_flush_failures',
    help: 'Actor snapshot writes that failed since this process started',
    registers,
    collect() {
      if (sources.actorFlushFailures) this.set(sources.actorFlushFailures());
    },
  });
  new Counter({
    name: 'crewd_fenced_writes_total',
    help: 'Actor tick writes refused because another process took the actor over (its lease expired here); the stale copy is stopped',
    registers,
    collect() {
      // A running total kept by the actor host: the counter is brought up to it at scrape time.
      if (!sources.fencedWrites) return;
      this.reset();
      this.inc(sources.fencedWrites());
    },
  });

  new Gauge({
    name: 'crewd_webhook_backlog',
    help: 'Webhook work not done yet: events after the fan-out cursor (kind="events"), deliveries scheduled or waiting on a retry (kind="deliveries")',
    labelNames: ['kind'],
    registers,
    async collect() {
      if (!sources.webhookBacklog) return;
      const backlog = await sources.webhookBacklog();
      this.set({ kind: 'events' }, backlog.events);
      this.set({ kind: 'deliveries' }, backlog.deliveries);
    },
  });

  return {
    registry,
    httpRequest(method, route, status, seconds) {
      http.observe(method, route, status, seconds);
    },
    modelCall(name, seconds, ok) {
      model.observe({ model: name, result: ok ? 'ok' : 'error' }, seconds);
      if (!ok) modelErrors.inc({ model: name });
    },
    webhookAttempt(result, seconds) {
      webhooks.observe({ result }, seconds);
    },
    outcome(crew, status) {
      outcomes.inc({ crew, status });
    },
    stage(crew, stage, seconds) {
      stages.observe({ crew, stage }, seconds);
    },
    database(kind, outcome, seconds) {
      db.observe({ kind, outcome }, seconds);
    },
  };
}
