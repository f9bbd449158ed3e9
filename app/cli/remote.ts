import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createCrewdClient, unwrap, type CrewdClient, type StreamMessage } from '@crewd/client';
import type { Clock } from '../../runtime/clock.js';
import { createProgressDisplay, titleOf } from './follow.js';
import { print, table } from './output.js';
import { crewIds } from '../../schemas/crewIds.js';
import { outcomeStatuses, revisionPriorities } from '../../schemas/outcomes.js';
import { webhookEventKinds } from '../../schemas/webhooks.js';
import { oneOf, UsageError, type Flags } from './usage.js';

/** What a command that talks to a running service gets: the client, the flags, the clock, the output. */
export interface RemoteContext {
  client: CrewdClient;
  args: string[];
  flags: Flags;
  json: boolean;
  clock: Clock;
  out: { write(text: string): void; isTTY: boolean };
}

/** The client from CREWD_URL (default http://127.0.0.1:8080) and CREWD_API_KEY. */
export function clientFromEnv(env: NodeJS.ProcessEnv): CrewdClient {
  const apiKey = env.CREWD_API_KEY;
  if (!apiKey) throw new UsageError('CREWD_API_KEY is not set: export the API key this command should use (and CREWD_URL when the service is not at http://127.0.0.1:8080)');
  const baseUrl = env.CREWD_URL || 'http://127.0.0.1:8080';
  if (!/^https?:\/\/[^/]+/.test(baseUrl)) throw new UsageError(`CREWD_URL must be an http(s) address, got "${baseUrl}"`);
  return createCrewdClient({ baseUrl, apiKey });
}

function arg(context: RemoteContext, index: number, usage: string): string {
  const value = context.args[index];
  if (!value) throw new UsageError(`usage: ${usage}`);
  return value;
}

function flag(context: RemoteContext, name: string): string | undefined {
  const value = context.flags[name];
  return typeof value === 'string' ? value : undefined;
}

function jsonFlag(context: RemoteContext, name: string): Record<string, unknown> | undefined {
  const raw = flag(context, name);
  if (raw === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    throw new UsageError(`--${name} takes a JSON object: ${(error as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new UsageError(`--${name} takes a JSON object, e.g. '{"tone":"formal"}'`);
  return parsed as Record<string, unknown>;
}

function optionalOneOf<T extends string>(what: string, value: string | undefined, allowed: readonly T[]): T | undefined {
  return value === undefined ? undefined : oneOf(what, value, allowed);
}

function intFlag(context: RemoteContext, name: string): number | undefined {
  const raw = flag(context, name);
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw)) throw new UsageError(`--${name} takes a whole number`);
  return Number(raw);
}

/** `--context TEXT`, or `--context @FILE` for the file's text (material for mind and pilot). */
function contextFlag(context: RemoteContext): string | undefined {
  const raw = flag(context, 'context');
  if (raw === undefined || !raw.startsWith('@')) return raw;
  const file = raw.slice(1);
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`--context ${raw}: cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

type Row = Record<string, unknown>;

function outcomeLine(outcome: Row): Row {
  const progress = (outcome.progress ?? {}) as Row;
  return {
    id: outcome.id,
    crew: outcome.crew,
    status: outcome.status,
    stage: outcome.status === 'processing' ? progress.current_stage : outcome.status,
    percent: outcome.status === 'completed' ? 100 : progress.completion_percentage,
    created_at: outcome.created_at,
    brief: briefCell(outcome.brief),
  };
}

/** A brief on one table line: whitespace folded, at most 48 characters. */
function briefCell(brief: unknown): string {
  const text = typeof brief === 'string' ? brief.replace(/\s+/g, ' ').trim() : '';
  return text.length > 48 ? `${text.slice(0, 47)}…` : text;
}

function describeResult(view: Row): string {
  const result = (view.result ?? {}) as Row;
  const metadata = (result.metadata ?? {}) as Row;
  const quality = (view.quality_metrics ?? {}) as Row;
  const metrics = [
    quality.overall_score !== undefined ? `quality ${quality.overall_score}` : '',
    metadata.word_count !== undefined ? `${metadata.word_count} words` : '',
    metadata.reading_time !== undefined ? `reading time ${metadata.reading_time}` : '',
    metadata.seo_score !== undefined ? `SEO ${metadata.seo_score}` : '',
  ].filter(Boolean);
  return `"${titleOf(result)}"${metrics.length ? `\n${metrics.join(' · ')}` : ''}`;
}

/** What `follow` follows of an outcome: a revision starts at its own `outcome.revision_requested`. */
interface Followed {
  /** Lines after the result's summary (a revision: what it applied and what not, and why). */
  report?: () => Promise<string>;
  /** The revision followed: the outcome's earlier events (its first run, earlier revisions) are not shown. */
  revisionId?: string;
}

/** Whether `message` is the start of revision `revisionId` (the first of its events). */
function startsRevision(message: StreamMessage, revisionId: string): boolean {
  return message.event === 'outcome.revision_requested' && message.data.revision_id === revisionId;
}

/** Follows a deployed outcome (or one revision of it) to its end; returns the exit code (0 completed, 1 failed). */
async function follow(context: RemoteContext, outcomeId: string, followed: Followed = {}): Promise<number> {
  const { client, json, out } = context;
  const { report, revisionId } = followed;
  const display = json ? undefined : createProgressDisplay(out, context.clock);
  let final: StreamMessage | undefined;
  // The stream replays the outcome's stored events first: a revision's follower skips those before its own start.
  let started = revisionId === undefined;
  for await (const message of client.follow(outcomeId)) {
    if (!started && message.event !== 'outcome.snapshot') {
      if (!startsRevision(message, revisionId!)) continue;
      started = true;
    }
    if (json) out.write(`${JSON.stringify(message)}\n`);
    else display!.update(message);
    if (message.event === 'outcome.completed' || message.event === 'outcome.failed' || message.event === 'outcome.revision_failed') final = message;
    else if (message.event === 'outcome.snapshot' && ['completed', 'failed'].includes(String(message.data.status))) final = message;
  }
  display?.finish();
  const failed = final?.event === 'outcome.failed' || final?.event === 'outcome.revision_failed' || final?.data.status === 'failed';
  if (failed) {
    const error = (final?.data.error ?? {}) as Row;
    if (json) out.write(`${JSON.stringify({ outcome_id: outcomeId, status: 'failed', error })}\n`);
    else out.write(`failed after ${display!.elapsed()}: ${String(error.code ?? 'error')}: ${String(error.message ?? '')}\nretry with: crewd outcomes retry ${outcomeId}\n`);
    return 1;
  }
  const view = unwrap(await client.api.GET('/v1/outcomes/{outcome_id}/result', { params: { path: { outcome_id: outcomeId } } })) as Row;
  if (json) out.write(`${JSON.stringify(view)}\n`);
  else out.write(`completed in ${display!.elapsed()}: ${describeResult(view)}\n${report ? await report() : ''}full content: crewd outcomes result ${outcomeId}\n`);
  return 0;
}

/** What revision `revisionId` applied and what it did not, with the reasons, one line each. */
async function revisionReport(context: RemoteContext, outcomeId: string, revisionId: string): Promise<string> {
  const listed = unwrap(await context.client.api.GET('/v1/outcomes/{outcome_id}/revisions', { params: { path: { outcome_id: outcomeId } } })) as { revisions?: Row[] };
  const record = listed.revisions?.find((revision) => revision.revision_id === revisionId);
  if (!record) return '';
  const applied = Array.isArray(record.applied) ? (record.applied as unknown[]).map(String) : [];
  const notApplied = Array.isArray(record.not_applied) ? (record.not_applied as Row[]) : [];
  return [
    `applied: ${applied.length > 0 ? applied.join('; ') : 'nothing'}`,
    ...notApplied.map((entry) => `not applied: ${String(entry.part)} (${String(entry.reason)})`),
  ].join('\n') + '\n';
}

/** Commands that talk to a running service over HTTP (CREWD_URL, CREWD_API_KEY); each returns the exit code. */
export const remoteCommands: Record<string, (context: RemoteContext) => Promise<number>> = {
  async deploy(context) {
    const crew = oneOf('CREW', arg(context, 0, 'crewd deploy CREW --brief TEXT [--context TEXT|@FILE] [--requirements JSON] [--follow]'), crewIds);
    const brief = flag(context, 'brief');
    if (!brief) throw new UsageError('--brief is required');
    const requirements = jsonFlag(context, 'requirements');
    const material = contextFlag(context);
    const body = { brief, ...(material !== undefined ? { context: material } : {}), ...(requirements ? { requirements } : {}) };
    const deployed = unwrap(await context.client.api.POST('/v1/crews/{crew_id}/deploy', { params: { path: { crew_id: crew } }, body })) as Row;
    if (!context.flags.follow) {
      print(context.json, deployed, () => String(deployed.outcome_id));
      return 0;
    }
    if (context.json) context.out.write(`${JSON.stringify(deployed)}\n`);
    else context.out.write(`${String(deployed.outcome_id)}\n`);
    return follow(context, String(deployed.outcome_id));
  },

  async 'outcomes list'(context) {
    const status = optionalOneOf('--status', flag(context, 'status'), outcomeStatuses);
    const crew = optionalOneOf('--crew', flag(context, 'crew'), crewIds);
    const limit = intFlag(context, 'limit') ?? 20;
    const rows: Row[] = [];
    for await (const outcome of context.client.outcomes({ limit: Math.min(100, limit), ...(status ? { status } : {}), ...(crew ? { crew } : {}) })) {
      rows.push(outcome as Row);
      if (rows.length >= limit) break;
    }
    print(context.json, { data: rows }, () => table(rows.map(outcomeLine), ['id', 'crew', 'status', 'stage', 'percent', 'created_at', 'brief']));
    return 0;
  },

  async 'outcomes show'(context) {
    const id = arg(context, 0, 'crewd outcomes show OUTCOME_ID');
    const view = unwrap(await context.client.api.GET('/v1/outcomes/{outcome_id}', { params: { path: { outcome_id: id } } })) as Row;
    print(context.json, view, () => {
      const line = outcomeLine(view);
      const raw = view.agents ?? [];
      const list = (Array.isArray(raw) ? raw : Object.entries(raw as Row).map(([name, value]) => ({ name, ...(value as Row) }))) as Row[];
      const agents = list.map((agent) => `  ${String(agent.name)}: ${String(agent.status)}${agent.progress !== undefined ? ` ${String(agent.progress)}` : ''}`);
      const error = view.error as Row | undefined;
      return [`${String(line.id)}  ${String(line.crew)}  ${String(line.status)}${line.stage && view.status === 'processing' ? `  ${String(line.stage)} ${String(line.percent)}%` : ''}`, ...agents, ...(error ? [`error: ${String(error.code)}: ${String(error.message)}`] : []), ...(view.result ? [describeResult(view), `full content: crewd outcomes result ${id}`] : [])].join('\n');
    });
    return 0;
  },

  async 'outcomes result'(context) {
    const id = arg(context, 0, 'crewd outcomes result OUTCOME_ID');
    const view = unwrap(await context.client.api.GET('/v1/outcomes/{outcome_id}/result', { params: { path: { outcome_id: id } } })) as Row;
    print(context.json, view, () => `${describeResult(view)}\n\n${String(((view.result ?? {}) as Row).content ?? '')}`);
    return 0;
  },

  async 'outcomes revise'(context) {
    const id = arg(context, 0, 'crewd outcomes revise OUTCOME_ID --feedback TEXT [--requirements JSON] [--priority low|normal|high] [--follow]');
    const feedback = flag(context, 'feedback');
    if (!feedback) throw new UsageError('--feedback is required');
    const requirements = jsonFlag(context, 'requirements');
    const priority = optionalOneOf('--priority', flag(context, 'priority'), revisionPriorities);
    const revision = unwrap(
      await context.client.api.POST('/v1/outcomes/{outcome_id}/revise', {
        params: { path: { outcome_id: id } },
        body: { feedback, ...(requirements ? { requirements } : {}), ...(priority ? { priority } : {}) },
      }),
    ) as Row;
    if (!context.flags.follow) {
      print(context.json, revision, () => `revision ${String(revision.revision_id)} ${String(revision.status)}`);
      return 0;
    }
    // Like deploy --follow: the revision's progress to the revised result (or its failure).
    if (context.json) context.out.write(`${JSON.stringify(revision)}\n`);
    else context.out.write(`revision ${String(revision.revision_id)} ${String(revision.status)}\n`);
    return follow(context, id, { revisionId: String(revision.revision_id), report: () => revisionReport(context, id, String(revision.revision_id)) });
  },

  async 'outcomes cancel'(context) {
    const id = arg(context, 0, 'crewd outcomes cancel OUTCOME_ID');
    const view = unwrap(await context.client.api.POST('/v1/outcomes/{outcome_id}/cancel', { params: { path: { outcome_id: id } } })) as Row;
    print(context.json, view, () => `${id} ${String(view.status)}`);
    return 0;
  },

  async 'outcomes retry'(context) {
    const id = arg(context, 0, 'crewd outcomes retry OUTCOME_ID');
    const view = unwrap(await context.client.api.POST('/v1/outcomes/{outcome_id}/retry', { params: { path: { outcome_id: id } } })) as Row;
    print(context.json, view, () => `${id} ${String(view.status)}`);
    return 0;
  },

  async 'webhooks list'(context) {
    const list = unwrap(await context.client.api.GET('/v1/webhooks')) as { webhooks: Row[] };
    print(context.json, list, () => table(list.webhooks, ['id', 'url', 'events', 'active', 'delivery_count', 'success_rate', 'last_delivery']));
    return 0;
  },

  async 'webhooks create'(context) {
    const url = flag(context, 'url');
    const events = flag(context, 'events');
    if (!url || !events) throw new UsageError('usage: crewd webhooks create --url URL --events a,b [--secret S] [--description D]');
    // A secret the operator did not choose is made here and shown once, like the API's answer.
    const secret = flag(context, 'secret') ?? randomBytes(24).toString('hex');
    const description = flag(context, 'description');
    const created = unwrap(
      await context.client.api.POST('/v1/webhooks', {
        body: { url, events: events.split(',').map((e) => e.trim()).filter(Boolean).map((e) => oneOf('--events', e, webhookEventKinds)), secret, ...(description ? { description } : {}) },
      }),
    ) as Row;
    print(context.json, created, () => `created ${String(created.id)} -> ${String(created.url)}; signing secret (shown once):\n${String(created.secret)}`);
    return 0;
  },

  async 'webhooks test'(context) {
    const id = arg(context, 0, 'crewd webhooks test WEBHOOK_ID [--event KIND]');
    const event = optionalOneOf('--event', flag(context, 'event'), webhookEventKinds);
    const delivery = unwrap(await context.client.api.POST('/v1/webhooks/{webhook_id}/test', { params: { path: { webhook_id: id } }, body: event ? { event } : {} })) as Row;
    print(context.json, delivery, () => `${String(delivery.id)} ${String(delivery.status)} (HTTP ${String(delivery.response_code ?? '-')}, ${String(delivery.response_time_ms ?? '-')} ms)`);
    return 0;
  },

  async 'webhooks deliveries'(context) {
    const id = arg(context, 0, 'crewd webhooks deliveries WEBHOOK_ID [--limit N]');
    const limit = intFlag(context, 'limit');
    const list = unwrap(await context.client.api.GET('/v1/webhooks/{webhook_id}/deliveries', { params: { path: { webhook_id: id }, query: limit ? { limit } : {} } })) as { deliveries: Row[] };
    print(context.json, list, () => table(list.deliveries, ['id', 'event', 'attempt', 'status', 'response_code', 'response_time_ms', 'delivered_at', 'next_retry']));
    return 0;
  },

  async 'webhooks redeliver'(context) {
    const id = arg(context, 0, 'crewd webhooks redeliver WEBHOOK_ID DELIVERY_ID');
    const deliveryId = arg(context, 1, 'crewd webhooks redeliver WEBHOOK_ID DELIVERY_ID');
    // POST /v1/webhooks/{id}/deliveries/{delivery_id}/redeliver is newer than some generated types: untyped call.
    const delivery = await context.client.request<Row>('POST', `/v1/webhooks/${encodeURIComponent(id)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`, {});
    print(context.json, delivery, () => `${String(delivery.id)} attempt ${String(delivery.attempt ?? '-')} ${String(delivery.status ?? '')} (HTTP ${String(delivery.response_code ?? '-')})`);
    return 0;
  },
};
