import type { Repositories } from '../../storage/index.js';
import type { OutcomeRow } from '../../storage/repositories/outcomes.js';
import type { RevisionRow } from '../../storage/repositories/revisions.js';
import type { WorkflowRow } from '../../storage/repositories/workflows.js';
import type { WorkspaceRow } from '../../storage/repositories/workspaces.js';
import type { ActorHost } from '../actors/actorHost.js';
import { ActorStoppedError } from '../actors/actorStoppedError.js';
import { mergeTickRows, type TickRows } from '../actors/tickRows.js';
import type { Clock } from '../clock.js';
import type { CrewCatalog } from '../crewCatalog.js';
import type { CrewDefinition, CrewId } from '../../crews/index.js';
import { ServiceError, errors } from '../errors.js';
import type { IdGenerator } from '../ids.js';
import { changesRequested } from '../../models/revisionRequest.js';
import { effectivePolicy } from '../approvals/approvalPolicy.js';
import { createPolicyLoader, type PolicyLoader, type VersionedPolicy } from '../approvals/policyLoader.js';
import type { CapacityQueue } from './capacityQueue.js';
import { batchEstimates } from './batchEstimates.js';
import type { CompletionEstimator } from './completionEstimator.js';
import type { EngineMachines } from './engineMachines.js';
import { checkBrief } from './checkBrief.js';
import { admitToLine, checkCapacity, PolicyChangedError, type CommitCondition } from './checkCapacity.js';
import { insufficientCredits } from './insufficientCredits.js';
import { planBatch, workflowOf } from './planBatch.js';
import { deployedView, newActorRow, planOutcome, type PlannedOutcome } from './planOutcome.js';
import { outcomeRow } from './outcomeProjection.js';
import type { BatchRequest, DeployRequest, ReviseRequest } from '../../schemas/outcomes.js';
import type { Deployed } from './requests.js';
import type { StageRunner } from './stageRunner.js';
import type { DeployTrace, TraceDeploy } from '../telemetry/deployTrace.js';

/**
 * The outcome commands (spec: deploy, run, batch deploy, revise, cancel, retry). Each command
 * checks its input and the workspace's capacity, then goes one way down: it builds plain rows
 * and machine events, hands them to the actor host (which writes them in its next tick, with
 * credits taken in the same transaction), and answers once they are committed. Errors are
 * ServiceErrors in the spec's shape (400, 402, 404, 409, 429).
 *
 * Invariants: an outcome is never started before its rows and first events are committed; a
 * deploy whose credits ran out writes nothing; a command's events reach the event bus only
 * through the actor host, after commit.
 */
/**
 * Called with a creating command's answer after every check passed, just before its rows commit
 * (an `Idempotency-Key` request stores its answer there, so a crash after the commit replays it).
 * The view is the one before the commit (a new outcome shows `queued` until the queue starts it);
 * the command's own answer is read after it. A throw aborts the command before anything is written.
 * It may answer a condition (an Idempotency-Key's fence) that the commit's transaction checks.
 */
export type BeforeCommit<T> = (answer: T) => Promise<CommitCondition | undefined | void>;

/** Who asked, beyond the body: the caller's W3C `traceparent` header, which the new outcomes' traces join. */
export interface DeployCaller {
  traceparent?: string;
}

export interface Outcomes {
  /** Deploys one crew on a brief: one credit, one outcome that starts or waits for a slot. */
  deploy(workspace: WorkspaceRow, crewId: CrewId, request: DeployRequest, beforeCommit?: BeforeCommit<Deployed>, caller?: DeployCaller): Promise<Deployed>;
  /** The same command for POST /run (whose answer is shorter). */
  run(workspace: WorkspaceRow, crewId: CrewId, request: DeployRequest, beforeCommit?: BeforeCommit<Deployed>, caller?: DeployCaller): Promise<Deployed>;
  /** Deploys several crews as one workflow; entries with dependencies wait for them. */
  batch(workspace: WorkspaceRow, request: BatchRequest, beforeCommit?: BeforeCommit<{ workflow: WorkflowRow; outcomes: Deployed[] }>, caller?: DeployCaller): Promise<{ workflow: WorkflowRow; outcomes: Deployed[] }>;
  /** Revises a completed outcome; the record and the REVISE transition commit together. */
  revise(workspace: WorkspaceRow, outcomeId: string, request: ReviseRequest): Promise<RevisionRow>;
  /** Cancels a processing outcome (it fails with code `cancelled`). */
  cancel(workspace: WorkspaceRow, outcomeId: string): Promise<OutcomeRow>;
  /** Runs a failed outcome again from its failed stage; spends a credit again. */
  retry(workspace: WorkspaceRow, outcomeId: string): Promise<OutcomeRow>;
  /** Live actors of this process for operators, of one workspace when given. */
  actors(workspaceId?: string): Array<{ id: string; machine: string; state: string; status: string; age_seconds: number; created_at: string }>;
}

export interface OutcomesDeps {
  repos: Repositories;
  clock: Clock;
  ids: IdGenerator;
  crews: CrewCatalog;
  host: Pick<ActorHost, 'commit' | 'stage' | 'flushed' | 'list'>;
  /** The outcome and workflow machines' handles on the host. */
  machines: EngineMachines;
  queue: CapacityQueue;
  runner: StageRunner;
  /** Checks a deploy's `integrations` flags (tools issue): throws a 400 naming a bad flag. */
  validateIntegrations?(workspaceId: string, flags: Record<string, unknown> | undefined): Promise<unknown>;
  estimator: CompletionEstimator;
  /** The concurrency limit the queue uses, per workspace (kept current by commands). */
  limits: Map<string, number>;
  /** Where a 402 points clients to buy more outcomes. */
  upgradeUrl?: string;
  /**
   * API-only process (`crewd serve --no-worker`, Postgres): new outcomes are committed and put in
   * the shared line for a worker to load and run; none is started here.
   */
  acceptOnly?: boolean;
  /** Starts each new outcome's trace (runtime/telemetry/deployTrace.ts); absent when tracing is off. */
  traceDeploy?: TraceDeploy;
}

interface Ctx extends OutcomesDeps {
  now(): string;
  upgradeUrl: string;
  /** Workspace approval policies, read together for the deploys of one turn. */
  policies: PolicyLoader;
}

async function availableCrew(ctx: Ctx, crewId: CrewId): Promise<CrewDefinition> {
  const state = await ctx.crews.get(crewId);
  if (state.status === 'available') return state.crew;
  const others = (await ctx.crews.list()).filter((other) => other.crew.id !== crewId && other.status === 'available').map((other) => other.crew.id);
  throw new ServiceError(409, 'crew_unavailable', `The ${crewId} crew is temporarily unavailable.`, { crew: crewId, estimated_availability: state.estimatedAvailability, alternative_crews: others });
}

function capacity(ctx: Ctx, workspace: WorkspaceRow, adding: number, crew: CrewDefinition): void {
  ctx.limits.set(workspace.id, workspace.concurrent_outcomes);
  checkCapacity(ctx.queue, workspace.id, workspace.concurrent_outcomes, adding, crew);
}

/**
 * Commits outcomes (rows, first events, credits) through the host, then starts them. The commit's
 * transaction admits them to the waiting line (`starting` of them want a slot now) and checks
 * `claim` (an Idempotency-Key's fence): a refusal writes nothing and rejects with its error.
 */
async function commitOutcomes(ctx: Ctx, workspaceId: string, planned: PlannedOutcome[], starting: number, crew: CrewDefinition, claim: CommitCondition | undefined | void, policyVersion: number, extra: TickRows = {}): Promise<void> {
  const rows: TickRows = {};
  for (const p of planned) mergeTickRows(rows, p.rows);
  mergeTickRows(rows, extra);
  const guard = { workspaceId, count: planned.length, admit: admitToLine(workspaceId, starting, crew, policyVersion), ...(claim ? { claim } : {}) };
  if (!(await ctx.host.commit(rows, guard))) {
    throw insufficientCredits((await ctx.repos.credits.remaining(workspaceId)) ?? 0, planned.length, ctx.upgradeUrl);
  }
  for (const p of planned) {
    if (ctx.acceptOnly) {
      // Only outcomes that would wait for a slot go in line; held ones wait for their workflow.
      if (p.actor.getSnapshot().matches('queued')) ctx.queue.request(workspaceId, p.id);
      continue;
    }
    ctx.runner.prime(p.id, workspaceId, p.crew.id, p.inputRow);
    ctx.machines.outcome.start(p.id, p.actor, p.input.createdAt);
  }
  ctx.queue.pump(workspaceId);
}

/** Runs `commit` with the deploy spans of `traces` ended after it, failed when it throws. */
async function traced<T>(traces: Array<DeployTrace | undefined>, commit: () => Promise<T>): Promise<T> {
  try {
    const answer = await commit();
    for (const trace of traces) trace?.end();
    return answer;
  } catch (error) {
    for (const trace of traces) trace?.end(error);
    throw error;
  }
}

async function deploy(ctx: Ctx, workspace: WorkspaceRow, crewId: CrewId, request: DeployRequest, beforeCommit?: BeforeCommit<Deployed>, caller?: DeployCaller): Promise<Deployed> {
  checkBrief(request.brief, 'brief');
  const crew = await availableCrew(ctx, crewId);
  await ctx.validateIntegrations?.(workspace.id, request.integrations);
  const hasIntegrations = Object.values(request.integrations ?? {}).some((value) => value !== false);
  const id = ctx.ids.id('out');
  return onCurrentPolicy(ctx, workspace.id, (policy) => {
    const approvals = effectivePolicy(policy.policy, request.approvals, hasIntegrations);
    capacity(ctx, workspace, 1, crew);
    const createdAt = ctx.now();
    const estimatedCompletion = ctx.estimator.estimate({ id, workspaceId: workspace.id, crew, stageIndex: 0, phase: 'queued', at: createdAt });
    const trace = ctx.traceDeploy?.({ outcomeId: id, workspaceId: workspace.id, crew: crew.id }, caller?.traceparent);
    const planned = planOutcome(ctx.machines.outcome, { id, workspaceId: workspace.id, crew, request, createdAt, estimatedCompletion, approvals, ...(trace?.traceparent ? { traceparent: trace.traceparent } : {}) });
    return traced([trace], async () => {
      const claim = await beforeCommit?.(deployedView(planned));
      await commitOutcomes(ctx, workspace.id, [planned], 1, crew, claim, policy.version);
      // Read after the commit: an outcome that got a slot at once has left `queued` by now.
      return deployedView(planned);
    });
  });
}

/** Attempts of one command whose commits each found the workspace's approval policy changed (a 503 after them). */
const policyAttempts = 5;

/**
 * Runs a creating command on the workspace's approval policy as kept by the policy loader; when
 * its commit finds the policy changed since (`PolicyChangedError`: nothing of it was written),
 * forgets the kept one and runs the command again on the policy read now.
 */
async function onCurrentPolicy<T>(ctx: Ctx, workspaceId: string, command: (policy: VersionedPolicy) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    const policy = await ctx.policies.load(workspaceId);
    try {
      return await command(policy);
    } catch (error) {
      if (!(error instanceof PolicyChangedError)) throw error;
      ctx.policies.forget(workspaceId);
      if (attempt === policyAttempts) {
        throw new ServiceError(503, 'service_unavailable', 'The workspace approval policy kept changing while this request was committed; retry it.', { workspace_id: workspaceId }, { 'Retry-After': '1' });
      }
    }
  }
}

async function batch(ctx: Ctx, workspace: WorkspaceRow, request: BatchRequest, beforeCommit?: BeforeCommit<{ workflow: WorkflowRow; outcomes: Deployed[] }>, caller?: DeployCaller): Promise<{ workflow: WorkflowRow; outcomes: Deployed[] }> {
  const plan = planBatch(request, ctx.crews.ids, ctx.ids);
  const definitions = new Map<string, CrewDefinition>();
  for (const crewId of plan.crewIds) definitions.set(crewId, await availableCrew(ctx, crewId as CrewId));
  const workflowId = ctx.ids.id('wf');
  return onCurrentPolicy(ctx, workspace.id, (policy) => batchOn(ctx, workspace, request, plan, definitions, workflowId, policy, beforeCommit, caller));
}

/** One attempt of `batch` on the workspace policy `policy`. */
async function batchOn(
  ctx: Ctx,
  workspace: WorkspaceRow,
  request: BatchRequest,
  plan: ReturnType<typeof planBatch>,
  definitions: Map<string, CrewDefinition>,
  workflowId: string,
  workspacePolicy: VersionedPolicy,
  beforeCommit?: BeforeCommit<{ workflow: WorkflowRow; outcomes: Deployed[] }>,
  caller?: DeployCaller,
): Promise<{ workflow: WorkflowRow; outcomes: Deployed[] }> {
  capacity(ctx, workspace, plan.startingNow, definitions.get(request.crews[0]!.crew_id)!);
  const policies = request.crews.map((entry, index) => effectivePolicy(workspacePolicy.policy, entry.approvals, false, `crews[${index}].approvals`));
  const createdAt = ctx.now();
  const estimates = batchEstimates(ctx.estimator, plan, workspace.id, definitions, createdAt);
  // One trace per outcome; each joins the caller's trace when the request carried one.
  const traces = plan.sorted.map((item) => ctx.traceDeploy?.({ outcomeId: item.id, workspaceId: workspace.id, crew: item.entry.crew_id }, caller?.traceparent));
  const planned = plan.sorted.map((item, index) => {
    const dependsOn = plan.dependsOn(item.entry);
    const { brief, context, requirements, priority } = item.entry;
    const traceparent = traces[index]?.traceparent;
    return planOutcome(ctx.machines.outcome, {
      id: item.id,
      workspaceId: workspace.id,
      crew: definitions.get(item.entry.crew_id)!,
      request: { brief, ...(context ? { context } : {}), ...(requirements ? { requirements } : {}) },
      createdAt,
      workflowId,
      held: dependsOn.length > 0,
      dependsOn,
      ...(priority !== undefined ? { priority } : {}),
      estimatedCompletion: estimates.get(item.id)!,
      approvals: policies[request.crews.indexOf(item.entry)] ?? null,
      ...(traceparent ? { traceparent } : {}),
    });
  });
  const { entries, input } = workflowOf(plan, workflowId, workspace.id, request.workflow_name, createdAt);
  const workflow: WorkflowRow = { id: workflowId, workspace_id: workspace.id, name: request.workflow_name, status: 'running', entries, created_at: createdAt, completed_at: null };
  const workflowActor = ctx.machines.workflow.create(input);
  const answer = () => {
    const views = new Map(planned.map((p) => [p.id, deployedView(p)]));
    return { workflow, outcomes: plan.order.map((item) => views.get(item.id)!) };
  };
  return traced(traces, async () => {
    const claim = await beforeCommit?.(answer());
    await commitOutcomes(ctx, workspace.id, planned, plan.startingNow, definitions.get(request.crews[0]!.crew_id)!, claim, workspacePolicy.version, { workflows: [workflow], actors: [newActorRow(workflowId, ctx.machines.workflow.name, workspace.id, input, createdAt, 'running')] });
    ctx.machines.workflow.start(workflowId, workflowActor, createdAt);
    return answer();
  });
}

async function outcomeOf(ctx: Ctx, workspaceId: string, id: string): Promise<OutcomeRow> {
  const row = await ctx.repos.outcomes.get(workspaceId, id);
  if (!row) throw errors.notFound(`Outcome ${id}`, { outcome_id: id });
  return row;
}

async function revise(ctx: Ctx, workspace: WorkspaceRow, outcomeId: string, request: ReviseRequest): Promise<RevisionRow> {
  const row = await outcomeOf(ctx, workspace.id, outcomeId);
  if (row.status !== 'completed') {
    throw errors.conflict('outcome_not_completed', `Only a completed outcome can be revised; ${outcomeId} is ${row.status}.`, { outcome_id: outcomeId, status: row.status });
  }
  if (row.revisions_available <= 0) throw errors.conflict('no_revisions_available', `Outcome ${outcomeId} has no revisions left.`, { outcome_id: outcomeId, revisions_available: 0 });
  const actor = await ctx.machines.outcome.load(outcomeId);
  const snapshot = actor.getSnapshot();
  if (!snapshot.matches('completed')) throw errors.conflict('outcome_not_completed', `Outcome ${outcomeId} is not completed.`, { outcome_id: outcomeId, status: row.status });
  if (snapshot.context.revisionsAvailable <= 0) throw errors.conflict('no_revisions_available', `Outcome ${outcomeId} has no revisions left.`, { outcome_id: outcomeId, revisions_available: 0 });
  const at = ctx.now();
  const crew = ctx.crews.definition(row.crew as CrewId);
  const requirements = request.requirements ?? {};
  const revision: RevisionRow = {
    id: ctx.ids.id('rev'),
    outcome_id: outcomeId,
    workspace_id: workspace.id,
    status: 'processing',
    feedback: request.feedback,
    requirements,
    priority: request.priority ?? null,
    changes_requested: changesRequested(request.feedback, requirements),
    estimated_completion: ctx.estimator.revision(crew, at),
    created_at: at,
    completed_at: null,
    error: null,
  };
  // The record and the REVISE transition commit together, in the actor's tick.
  ctx.host.stage(outcomeId, { revisions: [revision] });
  // The step starts before that tick commits: it gets the revision's input from here, not the row.
  ctx.runner.revisionRequested(outcomeId, revision.id, { feedback: revision.feedback, requirements });
  actor.send({ type: 'REVISE', at, revisionId: revision.id, feedback: revision.feedback, changesRequested: revision.changes_requested, estimatedCompletion: revision.estimated_completion });
  await ctx.host.flushed();
  return revision;
}

async function cancel(ctx: Ctx, workspace: WorkspaceRow, outcomeId: string): Promise<OutcomeRow> {
  const row = await outcomeOf(ctx, workspace.id, outcomeId);
  if (row.status !== 'processing') {
    throw errors.conflict('outcome_not_cancellable', `Only a processing outcome can be cancelled; ${outcomeId} is ${row.status}.`, { outcome_id: outcomeId, status: row.status });
  }
  const actor = await ctx.machines.outcome.load(outcomeId);
  actor.send({ type: 'CANCEL', at: ctx.now() });
  if (!actor.getSnapshot().matches('failed')) {
    throw errors.conflict('outcome_not_cancellable', `Outcome ${outcomeId} can no longer be cancelled.`, { outcome_id: outcomeId });
  }
  ctx.queue.release(workspace.id, outcomeId);
  await ctx.host.flushed();
  return outcomeOf(ctx, workspace.id, outcomeId);
}

function notRetryable(outcomeId: string): ServiceError {
  return errors.conflict('outcome_not_retryable', `Outcome ${outcomeId} was stopped after an internal error and cannot be retried; deploy it again.`, { outcome_id: outcomeId, retry_available: false });
}

async function retry(ctx: Ctx, workspace: WorkspaceRow, outcomeId: string): Promise<OutcomeRow> {
  const row = await outcomeOf(ctx, workspace.id, outcomeId);
  if (row.status !== 'failed') throw errors.conflict('outcome_not_failed', `Only a failed outcome can be retried; ${outcomeId} is ${row.status}.`, { outcome_id: outcomeId, status: row.status });
  if (row.retry_available === false) throw notRetryable(outcomeId);
  capacity(ctx, workspace, 1, ctx.crews.definition(row.crew as CrewId));
  const actor = await ctx.machines.outcome.load(outcomeId).catch((error: unknown) => {
    throw error instanceof ActorStoppedError ? notRetryable(outcomeId) : error;
  });
  if (!actor.getSnapshot().matches('failed')) throw errors.conflict('outcome_not_failed', `Outcome ${outcomeId} is not failed.`, { outcome_id: outcomeId });
  // The retry spends a credit again (the failure gave it back).
  if (!(await ctx.repos.credits.take(workspace.id, 1))) throw insufficientCredits((await ctx.repos.credits.remaining(workspace.id)) ?? 0, 1, ctx.upgradeUrl);
  const at = ctx.now();
  actor.send({ type: 'RETRY', at });
  ctx.queue.pump(workspace.id);
  // The answer is the outcome as the retry left it, running again: by the time its row could be
  // read back, a quick model may have taken it further (stages do not wait for commits).
  const retried = outcomeRow(actor.getSnapshot(), at);
  await ctx.host.flushed();
  return retried;
}

/** The Outcomes commands over an actor host whose machines are registered (`registerMachines`). */
export function createOutcomes(deps: OutcomesDeps): Outcomes {
  const ctx: Ctx = { ...deps, upgradeUrl: deps.upgradeUrl ?? 'https://crewd.example/settings/billing', now: () => deps.clock.now().toISOString(), policies: createPolicyLoader(deps.repos.approvals) };
  return {
    deploy: (workspace, crewId, request, beforeCommit, caller) => deploy(ctx, workspace, crewId, request, beforeCommit, caller),
    run: (workspace, crewId, request, beforeCommit, caller) => deploy(ctx, workspace, crewId, request, beforeCommit, caller),
    batch: (workspace, request, beforeCommit, caller) => batch(ctx, workspace, request, beforeCommit, caller),
    revise: (workspace, outcomeId, request) => revise(ctx, workspace, outcomeId, request),
    cancel: (workspace, outcomeId) => cancel(ctx, workspace, outcomeId),
    retry: (workspace, outcomeId) => retry(ctx, workspace, outcomeId),
    actors: (workspaceId) =>
      deps.host
        .list()
        .filter((actor) => workspaceId === undefined || actor.workspace_id === workspaceId)
        .map(({ workspace_id: _workspace, ...actor }) => actor),
  };
}
