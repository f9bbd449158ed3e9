import { fromPromise, type Actor, type AnyActorLogic, type AnyMachineSnapshot } from 'xstate';
import { agentMachine, type AgentStepInput, type AgentToolsInput } from '../../machines/agent.js';
import { outcomeMachine, type FinalizeInput, type OutcomeContext, type OutcomeInput } from '../../machines/outcome.js';
import { workflowMachine, workflowStatus, type WorkflowContext, type WorkflowInput } from '../../machines/workflow.js';
import type { Db } from '../../storage/db.js';
import type { Repositories } from '../../storage/index.js';
import { insertValues } from '../../storage/repositories/chunks.js';
import type { NewEvent } from '../../storage/repositories/events.js';
import type { OutcomeInputRow, OutcomeRow } from '../../storage/repositories/outcomes.js';
import type { RevisionRow } from '../../storage/repositories/revisions.js';
import type { WorkflowEntry, WorkflowRow } from '../../storage/repositories/workflows.js';
import type { WorkspaceRow } from '../../storage/repositories/workspaces.js';
import type { Clock } from '../clock.js';
import type { CrewCatalog } from '../crewCatalog.js';
import { crewIds, crews, type CrewDefinition, type CrewId } from '../crews/index.js';
import { ServiceError, errors } from '../errors.js';
import type { EventBus } from '../events/eventBus.js';
import type { IdGenerator } from '../ids.js';
import { changesRequested } from '../models/revisionRequest.js';
import type { ModelProvider } from '../models/types.js';
import { createActorHost, eventId } from './actorHost.js';
import { createConcurrencyQueue } from './concurrency.js';
import { outcomeRow, publicProgress } from './projection.js';
import { createStageRunner, type StageRunnerDeps } from './steps.js';
import { createTimerService } from './timers.js';

export const briefMinLength = 10;
export const initialRevisions = 3;
/** At most this many times the concurrency limit may wait in line (DESIGN section 5). */
export const queueFactor = 4;

export interface DeployRequest {
  brief: string;
  context?: string;
  requirements?: Record<string, unknown>;
  template_id?: string;
  integrations?: Record<string, unknown>;
  context_documents?: string[];
}

export interface BatchRequest {
  workflow_name: string;
  crews: Array<{ crew_id: string; brief: string; priority?: number; depends_on?: string[]; context?: string; requirements?: Record<string, unknown> }>;
}

export interface ReviseRequest {
  feedback: string;
  requirements?: Record<string, unknown>;
  priority?: string;
}

export interface EngineDeps {
  db: Db;
  repos: Repositories;
  clock: Clock;
  ids: IdGenerator;
  eventBus: EventBus;
  crews: CrewCatalog;
  provider: ModelProvider;
  onError(error: unknown, message: string): void;
  /** Where a 402 points clients to buy more outcomes. */
  upgradeUrl?: string;
  /** This process's name in timer claims. */
  node?: string;
  timerPollMs?: number;
  /** Measures a result off the main thread (metadata and quality metrics); in process when absent. */
  measure?: StageRunnerDeps['measure'];
  /** Called last by stop() (e.g. to end model worker threads). */
  onStop?: () => Promise<void>;
}

/** What deploy and run answer with. */
export interface Deployed {
  id: string;
  crew: CrewDefinition;
  createdAt: string;
  estimatedCompletion: string | null;
  progress: Record<string, unknown>;
}

/** Stable order of the "alternative crews" of a 409. */
function alternatives(states: ReadonlyArray<{ crew: CrewDefinition; status: string }>, except: string): string[] {
  return states.filter((state) => state.crew.id !== except && state.status === 'available').map((state) => state.crew.id);
}

/** The stage whose agent applies revision feedback: the crew's editing stage, else its content stage. */
function revisionStageOf(crew: CrewDefinition): number {
  const preferred = ['editing', 'summarization', 'product_definition'];
  const index = crew.stages.findIndex((stage) => preferred.includes(stage.name));
  return index >= 0 ? index : Math.max(0, crew.stages.length - 1);
}

function checkBrief(brief: string, field: string): void {
  const length = brief.trim().length;
  if (length < briefMinLength) {
    throw new ServiceError(400, 'invalid_brief', `The brief must be at least ${briefMinLength} characters long.`, { field, min_length: briefMinLength, provided_length: length });
  }
}

/** Finds a dependency cycle among batch entries (by crew id), or null. */
export function findCycle(graph: Map<string, string[]>): string[] | null {
  const state = new Map<string, 'visiting' | 'done'>();
  const path: string[] = [];
  function visit(node: string): string[] | null {
    if (state.get(node) === 'done') return null;
    if (state.get(node) === 'visiting') return [...path.slice(path.indexOf(node)), node];
    state.set(node, 'visiting');
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(node, 'done');
    return null;
  }
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

/**
 * The outcome engine: commands (deploy, run, batch, revise, cancel, retry), the actor host with
 * the outcome, agent and workflow machines, the concurrency queue, credits and durable timers.
 * `start()` restores every unfinished actor on its own; `stop()` persists and stops them.
 */
export function createEngine(deps: EngineDeps) {
  const { db, repos, clock, ids } = deps;
  const upgradeUrl = deps.upgradeUrl ?? 'https://crewd.example/settings/billing';
  const now = () => clock.now().toISOString();
  const limits = new Map<string, number>();

  const host = createActorHost({ db, actors: repos.actors, eventBus: deps.eventBus, clock, ids, onError: deps.onError });
  const timers = createTimerService({ repo: repos.timers, clock, node: deps.node ?? `node-${process.pid}`, onError: deps.onError, pollMs: deps.timerPollMs });

  const queue = createConcurrencyQueue({
    limitOf: (workspaceId) => limits.get(workspaceId) ?? 1,
    start(outcomeId) {
      const actor = host.get(outcomeId);
      if (!actor || !(actor.getSnapshot() as AnyMachineSnapshot).matches('queued')) return false;
      actor.send({ type: 'START', at: now() });
      return true;
    },
  });

  const runner = createStageRunner({
    repos,
    provider: deps.provider,
    clock,
    ...(deps.measure ? { measure: deps.measure } : {}),
    storeOutput(row) {
      host.stage('stage_outputs', row);
      return host.flushed();
    },
  });

  host.registerWriter('stage_outputs', (rows, trx) => repos.stageOutputs.insertMany(rows as never, trx));
  host.registerWriter('revisions', async (rows, trx) => {
    for (const row of rows as RevisionRow[]) await repos.revisions.insert(row, trx);
  });
  host.registerWriter('revision_settled', async (rows, trx) => {
    for (const row of rows as Array<{ revisionId: string; status: 'completed' | 'failed'; at: string; error: Record<string, unknown> | null }>) {
      await repos.revisions.finish(row.revisionId, row.status, row.at, row.error, trx);
    }
  });
  host.registerWriter('refunds', async (rows, trx) => {
    const counts = new Map<string, number>();
    for (const row of rows as Array<{ workspaceId: string }>) counts.set(row.workspaceId, (counts.get(row.workspaceId) ?? 0) + 1);
    for (const [workspaceId, count] of counts) await repos.credits.give(workspaceId, count, trx);
  });

  function send(id: string, event: Record<string, unknown> & { type: string }): void {
    void host
      .load(id)
      .then((actor) => actor.send(event as never))
      .catch((error) => deps.onError(error, `could not send ${event.type} to ${id}`));
  }

  const outcomeLogic = outcomeMachine.provide({
    actors: {
      agent: agentMachine.provide({
        actors: {
          modelStep: fromPromise(({ input, signal }: { input: AgentStepInput; signal: AbortSignal }) => runner.modelStep(input, signal)),
          callTools: fromPromise(({ input, signal }: { input: AgentToolsInput; signal: AbortSignal }) => runner.callTools(input, signal)),
        },
      }),
      finalize: fromPromise(({ input }: { input: FinalizeInput }) => runner.finalize(input)),
    },
    actions: {
      requestSlot: (_, params) => queue.request(params.workspaceId, params.outcomeId),
      releaseSlot: (_, params) => queue.release(params.workspaceId, params.outcomeId),
      refundCredit: (_, params) => host.stage('refunds', params),
      revisionSettled: (_, params) => host.stage('revision_settled', params),
    },
  });

  const atRest = (snapshot: AnyMachineSnapshot) => snapshot.matches('completed') || snapshot.matches('failed');

  host.register({
    name: 'outcome',
    version: 1,
    logic: outcomeLogic,
    atRest,
    workspaceOf: (snapshot) => (snapshot.context as OutcomeContext).workspaceId,
    project: (items, trx, at) => repos.outcomes.upsertState(items.map((item) => outcomeRow(item.snapshot, at)), trx),
    onTransition(id, snapshot, previous) {
      if (!atRest(snapshot) || (previous && atRest(previous) && previous.value === snapshot.value)) return;
      runner.forget(id);
      const context = snapshot.context as OutcomeContext;
      if (context.workflowId) {
        send(context.workflowId, { type: 'OUTCOME_SETTLED', outcomeId: id, status: snapshot.matches('completed') ? 'completed' : 'failed', at: context.updatedAt });
      }
    },
  });

  host.register({
    name: 'workflow',
    version: 1,
    logic: workflowMachine.provide({
      actions: {
        releaseOutcome: (_, params) => send(params.outcomeId, { type: 'RELEASE', at: now() }),
        failOutcome: (_, params) => send(params.outcomeId, { type: 'DEPENDENCY_FAILED', at: now(), dependency: params.dependency }),
      },
    }),
    atRest: (snapshot) => snapshot.matches('done'),
    workspaceOf: (snapshot) => (snapshot.context as WorkflowContext).workspaceId,
    project: (items, trx) =>
      repos.workflows.upsertState(
        items.map(({ snapshot }) => {
          const context = snapshot.context as WorkflowContext;
          return {
            id: context.workflowId,
            workspace_id: context.workspaceId,
            name: context.name,
            status: workflowStatus(String(snapshot.value), context),
            entries: [],
            created_at: context.createdAt,
            completed_at: context.completedAt,
          };
        }),
        trx,
      ),
  });

  async function crewState(crewId: CrewId) {
    const state = await deps.crews.get(crewId);
    if (state.status !== 'available') {
      throw new ServiceError(409, 'crew_unavailable', `The ${crewId} crew is temporarily unavailable.`, {
        crew: crewId,
        estimated_availability: state.estimatedAvailability,
        alternative_crews: alternatives(await deps.crews.list(), crewId),
      });
    }
    return state.crew;
  }

  function checkCapacity(workspace: WorkspaceRow, adding: number, crew: CrewDefinition): void {
    limits.set(workspace.id, workspace.concurrent_outcomes);
    const limit = workspace.concurrent_outcomes;
    const free = Math.max(0, limit - queue.runningCount(workspace.id));
    const wouldWait = queue.waitingCount(workspace.id) + Math.max(0, adding - free);
    if (wouldWait > queueFactor * limit) {
      const retryAfter = Math.max(1, crew.secondsPerStage);
      throw new ServiceError(
        429,
        'concurrency_limit_exceeded',
        `This workspace already has ${queue.runningCount(workspace.id)} outcomes processing and ${queue.waitingCount(workspace.id)} waiting (limit ${limit}, up to ${queueFactor * limit} may wait).`,
        { concurrent_limit: limit, processing: queue.runningCount(workspace.id), queued: queue.waitingCount(workspace.id), max_queued: queueFactor * limit, retry_after_seconds: retryAfter },
        { 'Retry-After': String(retryAfter) },
      );
    }
  }

  async function takeCredits(trx: Db, workspaceId: string, count: number): Promise<void> {
    if (!(await repos.credits.take(workspaceId, count, trx))) {
      const remaining = (await repos.credits.remaining(workspaceId, trx)) ?? 0;
      throw new ServiceError(402, 'insufficient_credits', `This workspace has ${remaining} outcomes left in its plan; ${count} needed.`, {
        outcomes_remaining: remaining,
        outcomes_required: count,
        upgrade_url: upgradeUrl,
      });
    }
  }

  interface Planned {
    id: string;
    crew: CrewDefinition;
    input: OutcomeInput;
    inputRow: OutcomeInputRow;
    actor: Actor<AnyActorLogic>;
    events: NewEvent[];
    row: OutcomeRow;
  }

  /** Builds (does not start) one outcome: its actor, its first row, its first two events. */
  function plan(workspaceId: string, crew: CrewDefinition, request: DeployRequest, createdAt: string, extra: { workflowId?: string; held?: boolean; dependsOn?: string[]; priority?: number } = {}): Planned {
    const id = ids.id('out');
    const input: OutcomeInput = {
      outcomeId: id,
      workspaceId,
      crew: crew.id,
      stages: crew.stages.map((stage) => ({ name: stage.name, agent: stage.agent })),
      agents: crew.agents,
      revisionStage: revisionStageOf(crew),
      secondsPerStage: crew.secondsPerStage,
      createdAt,
      sequence: 2,
      revisionsAvailable: initialRevisions,
      workflowId: extra.workflowId ?? null,
      held: extra.held ?? false,
    };
    const actor = host.create('outcome', input);
    const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
    const context = snapshot.context as OutcomeContext;
    const row = outcomeRow(snapshot, createdAt);
    row.progress = publicProgress(snapshot);
    const requirements = request.requirements ?? {};
    const events: NewEvent[] = [
      { id: eventId(id, 1), workspace_id: workspaceId, outcome_id: id, sequence: 1, kind: 'outcome.created', timestamp: createdAt, data: { outcome_id: id, crew: crew.id, status: 'processing', created_at: createdAt } },
      {
        id: eventId(id, 2),
        workspace_id: workspaceId,
        outcome_id: id,
        sequence: 2,
        kind: 'crew.deployed',
        timestamp: createdAt,
        data: { outcome_id: id, crew: crew.id, status: 'processing', agents_deployed: crew.agents, estimated_completion: context.estimatedCompletion, brief: request.brief, requirements },
      },
    ];
    return {
      id,
      crew,
      input,
      actor,
      row,
      events,
      inputRow: {
        outcome_id: id,
        brief: request.brief,
        context: request.context ?? null,
        requirements,
        integrations: request.integrations ?? {},
        template_id: request.template_id ?? null,
        context_documents: request.context_documents ?? [],
        depends_on: extra.dependsOn ?? [],
        priority: extra.priority ?? null,
      },
    };
  }

  function actorRow(id: string, machine: string, workspaceId: string, input: unknown, createdAt: string, stateValue: string) {
    return { id, machine, version: 1, workspace_id: workspaceId, status: 'active' as const, state_value: stateValue, snapshot: null, input: JSON.stringify(input), created_at: createdAt, updated_at: createdAt };
  }

  /**
   * Deploys arriving in the same tick commit together (group commit) in the host's next flush:
   * per deploy a conditional credit update, then multi-row inserts of the accepted outcomes,
   * inputs, actor rows and first events, in one transaction. A deploy whose credits ran out is
   * marked rejected and inserts nothing; the others are unaffected.
   */
  interface StagedDeploy {
    workspaceId: string;
    planned: Planned[];
    extra?: (trx: Db) => Promise<void>;
    rejected: { remaining: number } | null;
  }
  host.registerWriter('deploys', async (rows, trx) => {
    const deploys = rows as StagedDeploy[];
    // One update per workspace when its credits cover the whole batch; else one per deploy.
    const needed = new Map<string, number>();
    for (const d of deploys) needed.set(d.workspaceId, (needed.get(d.workspaceId) ?? 0) + d.planned.length);
    for (const [workspaceId, count] of needed) {
      if (await repos.credits.take(workspaceId, count, trx)) continue;
      for (const d of deploys.filter((x) => x.workspaceId === workspaceId)) {
        if (!(await repos.credits.take(workspaceId, d.planned.length, trx))) d.rejected = { remaining: (await repos.credits.remaining(workspaceId, trx)) ?? 0 };
      }
    }
    const accepted = deploys.filter((d) => !d.rejected);
    const planned = accepted.flatMap((d) => d.planned);
    await repos.outcomes.insert(
      planned.map((p) => p.row),
      planned.map((p) => p.inputRow),
      trx,
    );
    await repos.actors.insert(
      planned.map((p) => actorRow(p.id, 'outcome', p.input.workspaceId, p.input, p.input.createdAt, p.input.held ? 'held' : 'queued')),
      trx,
    );
    await insertValues(
      trx,
      'events',
      ['id', 'workspace_id', 'outcome_id', 'sequence', 'kind', 'timestamp', 'data'],
      planned.flatMap((p) => p.events.map((e) => [e.id, e.workspace_id, e.outcome_id, e.sequence, e.kind, e.timestamp, JSON.stringify(e.data)])),
    );
    for (const d of accepted) await d.extra?.(trx);
  });

  /** Commits outcomes (row, input, actor row, first events, credits) durably, then starts them. */
  async function commit(workspaceId: string, planned: Planned[], extra?: (trx: Db) => Promise<void>): Promise<void> {
    const staged: StagedDeploy = { workspaceId, planned, ...(extra ? { extra } : {}), rejected: null };
    host.stage('deploys', staged);
    await host.flushed();
    if (staged.rejected) {
      const remaining = staged.rejected.remaining;
      throw new ServiceError(402, 'insufficient_credits', `This workspace has ${remaining} outcomes left in its plan; ${planned.length} needed.`, {
        outcomes_remaining: remaining,
        outcomes_required: planned.length,
        upgrade_url: upgradeUrl,
      });
    }
    deps.eventBus.publish(planned.flatMap((p) => p.events));
    for (const p of planned) {
      runner.prime(p.id, p.crew.id, p.inputRow);
      host.start('outcome', p.id, p.actor, p.input.createdAt);
    }
    queue.pump(workspaceId);
  }

  function deployedView(p: Planned): Deployed {
    const snapshot = p.actor.getSnapshot() as AnyMachineSnapshot;
    const context = snapshot.context as OutcomeContext;
    return { id: p.id, crew: p.crew, createdAt: context.createdAt, estimatedCompletion: context.estimatedCompletion, progress: publicProgress(snapshot) };
  }

  async function outcomeOf(workspaceId: string, id: string): Promise<OutcomeRow> {
    const row = await repos.outcomes.get(workspaceId, id);
    if (!row) throw errors.notFound(`Outcome ${id}`, { outcome_id: id });
    return row;
  }

  return {
    host,
    timers,
    queue,
    runner,

    /** Restores every unfinished actor, puts queued outcomes back in line and starts the timers. */
    async start(): Promise<{ restored: number }> {
      for (const workspace of await repos.workspaces.list()) limits.set(workspace.id, workspace.concurrent_outcomes);
      const restored = await host.restoreAll();
      const workspaces = new Set<string>();
      const live = host.list();
      for (const entry of live) {
        const actor = host.get(entry.id);
        if (!actor) continue;
        const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
        if (entry.machine === 'outcome') {
          const context = snapshot.context as OutcomeContext;
          workspaces.add(context.workspaceId);
          if (snapshot.matches('queued')) queue.request(context.workspaceId, entry.id);
          else if (snapshot.matches('processing')) queue.occupy(context.workspaceId, entry.id);
        }
      }
      // A workflow restored while its outcomes settled (crash between the two writes) catches up.
      for (const entry of live.filter((e) => e.machine === 'workflow')) {
        const context = (host.get(entry.id)!.getSnapshot() as AnyMachineSnapshot).context as WorkflowContext;
        const open = context.entries.filter((e) => e.status === 'waiting' || e.status === 'running').map((e) => e.outcomeId);
        for (const row of await repos.outcomes.getMany(open)) {
          if (row.status === 'completed' || row.status === 'failed') {
            host.get(entry.id)!.send({ type: 'OUTCOME_SETTLED', outcomeId: row.id, status: row.status, at: row.updated_at } as never);
          }
        }
      }
      for (const workspaceId of workspaces) queue.pump(workspaceId);
      timers.start();
      return { restored };
    },

    async stop(): Promise<void> {
      await timers.stop();
      await host.stop();
      await deps.onStop?.();
    },

    async deploy(workspace: WorkspaceRow, crewId: CrewId, request: DeployRequest): Promise<Deployed> {
      checkBrief(request.brief, 'brief');
      const crew = await crewState(crewId);
      checkCapacity(workspace, 1, crew);
      const planned = plan(workspace.id, crew, request, now());
      await commit(workspace.id, [planned]);
      return deployedView(planned);
    },

    async batchDeploy(workspace: WorkspaceRow, request: BatchRequest): Promise<{ workflow: WorkflowRow; outcomes: Deployed[] }> {
      request.crews.forEach((entry, i) => {
        if (!(crewIds as readonly string[]).includes(entry.crew_id)) {
          throw errors.invalidRequest(`Unknown crew '${entry.crew_id}' in crews[${i}].`, { field: `crews[${i}].crew_id`, reason: 'unknown_crew', allowed: crewIds });
        }
        checkBrief(entry.brief, `crews[${i}].brief`);
      });
      const inBatch = new Set(request.crews.map((entry) => entry.crew_id));
      const graph = new Map<string, string[]>();
      request.crews.forEach((entry, i) => {
        for (const dependency of entry.depends_on ?? []) {
          if (!inBatch.has(dependency)) {
            throw errors.invalidRequest(`crews[${i}] depends on '${dependency}', which is not in this batch.`, { field: `crews[${i}].depends_on`, reason: 'unknown_dependency', dependency });
          }
        }
        graph.set(entry.crew_id, [...(graph.get(entry.crew_id) ?? []), ...(entry.depends_on ?? [])]);
      });
      const cycle = findCycle(graph);
      if (cycle) throw errors.invalidRequest(`The batch's dependencies form a cycle: ${cycle.join(' -> ')}.`, { field: 'crews', reason: 'dependency_cycle', cycle });
      const definitions = new Map<string, CrewDefinition>();
      for (const crewId of inBatch) definitions.set(crewId, await crewState(crewId as CrewId));
      const startingNow = request.crews.filter((entry) => (entry.depends_on ?? []).length === 0).length;
      checkCapacity(workspace, startingNow, crews[request.crews[0]!.crew_id as CrewId]);

      const createdAt = now();
      const workflowId = ids.id('wf');
      // Outcome ids first, so dependencies can name them; entries start in priority order.
      const order = request.crews.map((entry, index) => ({ entry, index, id: ids.id('out') }));
      const byCrew = new Map<string, string[]>();
      for (const item of order) byCrew.set(item.entry.crew_id, [...(byCrew.get(item.entry.crew_id) ?? []), item.id]);
      const sorted = [...order].sort((a, b) => (a.entry.priority ?? Number.MAX_SAFE_INTEGER) - (b.entry.priority ?? Number.MAX_SAFE_INTEGER) || a.index - b.index);
      const planned = sorted.map((item) => {
        const dependsOn = (item.entry.depends_on ?? []).flatMap((crewId) => byCrew.get(crewId) ?? []);
        const p = plan(
          workspace.id,
          definitions.get(item.entry.crew_id)!,
          { brief: item.entry.brief, ...(item.entry.context ? { context: item.entry.context } : {}), ...(item.entry.requirements ? { requirements: item.entry.requirements } : {}) },
          createdAt,
          { workflowId, held: dependsOn.length > 0, dependsOn, ...(item.entry.priority !== undefined ? { priority: item.entry.priority } : {}) },
        );
        // plan() drew its own id; use the one dependencies refer to.
        return retarget(p, item.id);
      });
      const entries: WorkflowEntry[] = order.map((item) => ({ crew_id: item.entry.crew_id, outcome_id: item.id, priority: item.entry.priority ?? 0, depends_on: item.entry.depends_on ?? [] }));
      const workflow: WorkflowRow = { id: workflowId, workspace_id: workspace.id, name: request.workflow_name, status: 'running', entries, created_at: createdAt, completed_at: null };
      const workflowInput: WorkflowInput = {
        workflowId,
        workspaceId: workspace.id,
        name: request.workflow_name,
        createdAt,
        entries: order.map((item) => ({ outcomeId: item.id, crewId: item.entry.crew_id, dependsOn: (item.entry.depends_on ?? []).flatMap((crewId) => byCrew.get(crewId) ?? []) })),
      };
      const workflowActor = host.create('workflow', workflowInput);
      await commit(workspace.id, planned, async (trx) => {
        await repos.workflows.insert(workflow, trx);
        await repos.actors.insert([actorRow(workflowId, 'workflow', workspace.id, workflowInput, createdAt, 'running')], trx);
      });
      host.start('workflow', workflowId, workflowActor, createdAt);
      const views = new Map(planned.map((p) => [p.id, deployedView(p)]));
      return { workflow, outcomes: order.map((item) => views.get(item.id)!) };
    },

    async revise(workspace: WorkspaceRow, outcomeId: string, request: ReviseRequest): Promise<RevisionRow> {
      const row = await outcomeOf(workspace.id, outcomeId);
      if (row.status !== 'completed') {
        throw errors.conflict('outcome_not_completed', `Only a completed outcome can be revised; ${outcomeId} is ${row.status}.`, { outcome_id: outcomeId, status: row.status });
      }
      if (row.revisions_available <= 0) throw errors.conflict('no_revisions_available', `Outcome ${outcomeId} has no revisions left.`, { outcome_id: outcomeId, revisions_available: 0 });
      const actor = await host.load(outcomeId);
      const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
      if (!snapshot.matches('completed')) throw errors.conflict('outcome_not_completed', `Outcome ${outcomeId} is not completed.`, { outcome_id: outcomeId, status: row.status });
      const context = snapshot.context as OutcomeContext;
      if (context.revisionsAvailable <= 0) throw errors.conflict('no_revisions_available', `Outcome ${outcomeId} has no revisions left.`, { outcome_id: outcomeId, revisions_available: 0 });
      const at = now();
      const crew = crews[row.crew as CrewId];
      const requirements = request.requirements ?? {};
      const revision: RevisionRow = {
        id: ids.id('rev'),
        outcome_id: outcomeId,
        workspace_id: workspace.id,
        status: 'processing',
        feedback: request.feedback,
        requirements,
        priority: request.priority ?? null,
        changes_requested: changesRequested(request.feedback, requirements),
        estimated_completion: new Date(Date.parse(at) + 2 * crew.secondsPerStage * 1000).toISOString(),
        created_at: at,
        completed_at: null,
        error: null,
      };
      // The record and the REVISE transition commit together.
      host.stage('revisions', revision);
      actor.send({ type: 'REVISE', at, revisionId: revision.id, feedback: revision.feedback, changesRequested: revision.changes_requested, estimatedCompletion: revision.estimated_completion } as never);
      await host.flushed();
      return revision;
    },

    async cancel(workspace: WorkspaceRow, outcomeId: string): Promise<OutcomeRow> {
      const row = await outcomeOf(workspace.id, outcomeId);
      if (row.status !== 'processing') {
        throw errors.conflict('outcome_not_cancellable', `Only a processing outcome can be cancelled; ${outcomeId} is ${row.status}.`, { outcome_id: outcomeId, status: row.status });
      }
      const actor = await host.load(outcomeId);
      actor.send({ type: 'CANCEL', at: now() } as never);
      if (!(actor.getSnapshot() as AnyMachineSnapshot).matches('failed')) {
        throw errors.conflict('outcome_not_cancellable', `Outcome ${outcomeId} can no longer be cancelled.`, { outcome_id: outcomeId });
      }
      queue.release(workspace.id, outcomeId);
      await host.flushed();
      return outcomeOf(workspace.id, outcomeId);
    },

    async retry(workspace: WorkspaceRow, outcomeId: string): Promise<OutcomeRow> {
      const row = await outcomeOf(workspace.id, outcomeId);
      if (row.status !== 'failed') throw errors.conflict('outcome_not_failed', `Only a failed outcome can be retried; ${outcomeId} is ${row.status}.`, { outcome_id: outcomeId, status: row.status });
      const crew = crews[row.crew as CrewId];
      checkCapacity(workspace, 1, crew);
      const actor = await host.load(outcomeId);
      if (!(actor.getSnapshot() as AnyMachineSnapshot).matches('failed')) throw errors.conflict('outcome_not_failed', `Outcome ${outcomeId} is not failed.`, { outcome_id: outcomeId });
      // The retry spends a credit again (the failure gave it back).
      await db.transaction((trx) => takeCredits(trx, workspace.id, 1));
      actor.send({ type: 'RETRY', at: now() } as never);
      queue.pump(workspace.id);
      await host.flushed();
      return outcomeOf(workspace.id, outcomeId);
    },

    /** Live actors for operators. */
    actors() {
      return host.list();
    },
  };

  /** Gives a planned outcome a chosen id (batch entries are numbered before they are planned). */
  function retarget(p: Planned, id: string): Planned {
    const input = { ...p.input, outcomeId: id };
    const actor = host.create('outcome', input);
    const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
    const row = { ...outcomeRow(snapshot, input.createdAt), progress: publicProgress(snapshot) };
    const events = p.events.map((event) => ({ ...event, id: eventId(id, event.sequence), outcome_id: id, data: { ...event.data, outcome_id: id } }));
    return { ...p, id, input, actor, row, events, inputRow: { ...p.inputRow, outcome_id: id } };
  }
}

export type Engine = ReturnType<typeof createEngine>;
