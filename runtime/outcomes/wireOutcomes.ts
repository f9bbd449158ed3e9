import type { Repositories } from '../../storage/index.js';
import type { ActorHost } from '../actors/actorHost.js';
import type { Clock } from '../clock.js';
import type { CrewCatalog } from '../crewCatalog.js';
import type { CrewId } from '../../crews/index.js';
import type { IdGenerator } from '../ids.js';
import type { ModelProvider } from '../../models/types.js';
import { createCapacityQueue } from './capacityQueue.js';
import { createSharedCapacityQueue, type SharedCapacityQueueOptions } from './sharedCapacityQueue.js';
import { createCompletionEstimator } from './completionEstimator.js';
import type { EngineMachines } from './engineMachines.js';
import { createOutcomes, type Outcomes, type OutcomesDeps } from './outcomes.js';
import { registerMachines } from './registerMachines.js';
import { adoptRestored, restoreOutcomes } from './restoreOutcomes.js';
import { seedDurations } from './seedDurations.js';
import type { ApprovalSlots } from '../approvals/approvalSlots.js';
import { createStageRunner, type StageRunnerDeps, type StageServices } from './stageRunner.js';
import type { ActiveTracing } from '../telemetry/createTracing.js';
import { deployTracer } from '../telemetry/deployTrace.js';
import { traceProvider } from '../telemetry/traceProvider.js';
import { traceStages } from '../telemetry/traceStages.js';

export interface WireOutcomesDeps {
  repos: Repositories;
  clock: Clock;
  ids: IdGenerator;
  crews: CrewCatalog;
  host: ActorHost;
  provider: ModelProvider;
  onError(error: unknown, message: string): void;
  /** Failures the user sees (a failed revision or tool call), logged at warn with their ids. */
  onWarning?(fields: Record<string, unknown>, message: string): void;
  /** Measures a result off the main thread; in process when absent. */
  measure?: StageRunnerDeps['measure'];
  /** Tools, integrations and knowledge for stages (plugins); none when absent. */
  services?: StageServices;
  /** Checks a deploy's integration flags before anything is written (tools issue). */
  validateIntegrations?: OutcomesDeps['validateIntegrations'];
  upgradeUrl?: string;
  /** Scale-out (Postgres): the concurrency limit and its line counted in the database. */
  sharedCapacity?: Omit<SharedCapacityQueueOptions, 'limitOf' | 'start' | 'clock' | 'onError'>;
  /** The outcome chart's approval slots (issue 27). */
  approvals?: ApprovalSlots;
  /** What a stage is estimated to take before any is measured (the local model's prior); each crew's `secondsPerStage` when absent. */
  unmeasuredStageMs?: number;
  /**
   * Spans of deploys, stages and model calls (runtime/telemetry); absent or `active` undefined:
   * tracing is off. Tool call spans come with `services` (traceServices), which approvals share.
   */
  tracing?: { active: ActiveTracing | undefined; model: { provider: string; name: string } };
}

/**
 * Builds the outcome engine on an actor host: the capacity queue, the stage runner, the machines'
 * .provide() wiring (registered with the host) and the Outcomes commands. `restore()` is called
 * once at start, before any command.
 */
export function wireOutcomes(deps: WireOutcomesDeps): { outcomes: Outcomes; machines: EngineMachines; restore(): Promise<number>; stop(): void } {
  const { repos, clock, host } = deps;
  const now = () => clock.now().toISOString();
  const limits = new Map<string, number>();
  // Bound once the machines are registered below; the queue starts nothing before a deploy or restore.
  let machines: EngineMachines | undefined;
  const slots = {
    limitOf: (workspaceId: string) => limits.get(workspaceId) ?? 1,
    start(outcomeId: string) {
      const actor = machines?.outcome.get(outcomeId);
      if (!actor || !actor.getSnapshot().matches('queued')) return false;
      actor.send({ type: 'START', at: now() });
      return true;
    },
  };
  const shared = deps.sharedCapacity
    ? createSharedCapacityQueue({
        ...slots,
        // An outcome accepted by an API-only process is not live here until loaded from its row.
        async start(outcomeId: string) {
          if (machines && !machines.outcome.get(outcomeId)) await machines.outcome.load(outcomeId);
          return slots.start(outcomeId);
        },
        ...deps.sharedCapacity,
        clock,
        onError: deps.onError,
      })
    : undefined;
  const queue = shared ?? createCapacityQueue(slots);
  // With tracing off each of these hands back what it was given.
  const tracing = deps.tracing?.active;
  const model = deps.tracing?.model ?? { provider: deps.provider.name, name: deps.provider.name };
  const stageRunner = createStageRunner({
    repos,
    provider: traceProvider(deps.provider, tracing, model),
    clock,
    crews: deps.crews,
    ...(deps.measure ? { measure: deps.measure } : {}),
    ...(deps.services ? { services: deps.services } : {}),
    ...(deps.onWarning ? { onWarning: deps.onWarning } : {}),
    storeOutput(row) {
      host.stage(row.outcome_id, { stageOutputs: [row] });
      return host.flushed();
    },
  });
  const traceDeploy = deployTracer(tracing);
  const runner = traceStages(stageRunner, tracing, { outcomeOf: (outcomeId) => machines?.outcome.get(outcomeId)?.getSnapshot().context, model });
  const estimator = createCompletionEstimator({
    now: () => clock.now().getTime(),
    queue: { ahead: queue.ahead, running: queue.running, runningCount: queue.runningCount, aheadCount: queue.aheadCount, limit: (workspaceId) => limits.get(workspaceId) ?? 1 },
    ...(deps.unmeasuredStageMs !== undefined ? { unmeasuredStageMs: deps.unmeasuredStageMs } : {}),
  });
  const crewOf = (crewId: string) => deps.crews.definition(crewId as CrewId);
  const registered = registerMachines({ host, runner, queue, estimator, crewOf, now, onError: deps.onError, ...(deps.onWarning ? { onWarning: deps.onWarning } : {}), ...(deps.approvals ? { approvals: deps.approvals } : {}) });
  machines = registered;
  // Actors taken over from a process whose lease ended (Postgres) join this process's engine.
  host.onRestored((ids) => void adoptRestored({ repos, machines: registered, queue, limits }, ids).catch((error) => deps.onError(error, 'taken-over actors could not be adopted')));
  const outcomes = createOutcomes({ repos, clock, ids: deps.ids, crews: deps.crews, host, machines: registered, queue, runner, estimator, limits, ...(deps.sharedCapacity?.runs === false ? { acceptOnly: true } : {}), ...(deps.validateIntegrations ? { validateIntegrations: deps.validateIntegrations } : {}), ...(deps.upgradeUrl ? { upgradeUrl: deps.upgradeUrl } : {}), ...(traceDeploy ? { traceDeploy } : {}) });
  return {
    outcomes,
    machines: registered,
    /** Ends the shared line's sweep; called at shutdown before the database closes. */
    stop(): void {
      shared?.stop();
    },
    async restore() {
      // Measured durations first, so restored outcomes are estimated from them.
      await seedDurations(repos, estimator, (crewId) => (deps.crews.ids.includes(crewId as CrewId) ? crewOf(crewId) : undefined));
      return restoreOutcomes({ repos, host, machines: registered, queue, limits });
    },
  };
}
