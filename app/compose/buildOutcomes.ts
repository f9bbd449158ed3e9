import type { Logger } from 'pino';
import type { Db } from '../../storage/db.js';
import type { Repositories } from '../../storage/index.js';
import { capacityLineRepository } from '../../storage/repositories/capacityLine.js';
import type { ModelProvider } from '../../models/types.js';
import type { ActorHost } from '../../runtime/actors/actorHost.js';
import type { CommandForwarding } from '../../runtime/actors/commandForwarding.js';
import type { ApprovalSlots } from '../../runtime/approvals/approvalSlots.js';
import type { Clock } from '../../runtime/clock.js';
import type { Config } from '../../runtime/config.js';
import type { CrewCatalog } from '../../runtime/crewCatalog.js';
import type { ClusterSignals } from '../../runtime/events/clusterSignals.js';
import type { IdGenerator } from '../../runtime/ids.js';
import type { EngineMachines } from '../../runtime/outcomes/engineMachines.js';
import { forwardingOutcomes, handleOutcomeCommands } from '../../runtime/outcomes/forwardedCommands.js';
import type { Outcomes } from '../../runtime/outcomes/outcomes.js';
import type { StageRunnerDeps } from '../../runtime/outcomes/stageRunner.js';
import type { StageServices } from '../../runtime/outcomes/stageServices.js';
import { wireOutcomes } from '../../runtime/outcomes/wireOutcomes.js';
import type { ActiveTracing } from '../../runtime/telemetry/createTracing.js';
import type { Tools } from '../../runtime/tools/index.js';

/** The outcome engine as the runtime holds it: `engine` runs here, `outcomes` are the commands callers use. */
export interface BuiltOutcomes {
  engine: { outcomes: Outcomes; machines: EngineMachines; restore(): Promise<number>; stop(): void };
  /** The engine's commands; on Postgres, those for an actor another process holds go to that process. */
  outcomes: Outcomes;
}

/**
 * The local model's stage estimate before any stage was measured: its configured delay plus half a
 * second, not a remote model's `secondsPerStage` (the first deploy said 2 minutes for a sub-second
 * outcome). The first measured stage replaces it.
 */
function localStagePriorMs(config: Config): number {
  return config.localModelDelayMs + 500;
}

/**
 * The outcome engine (commands, queue, stage runner, machines) on the actor host, with the stages'
 * services, approvals and tracing. With processes sharing the database (`signals.shared`) the
 * concurrency line is counted in the database; with command forwarding, cancel, revise and retry
 * reach the process holding the actor, and a leasing process applies those sent to it, a dead
 * process's pending ones once its actors were restored here (docs/leases.md).
 */
export function buildOutcomes(parts: {
  config: Config;
  db: Db;
  repos: Repositories;
  clock: Clock;
  ids: IdGenerator;
  crews: CrewCatalog;
  host: ActorHost;
  model: { provider: ModelProvider; measure: NonNullable<StageRunnerDeps['measure']> };
  logger: Logger;
  onError(error: unknown, message: string): void;
  services: StageServices;
  approvals: ApprovalSlots;
  tools: Tools;
  tracing: { active: ActiveTracing | undefined; model: { provider: string; name: string } };
  signals: ClusterSignals;
  commands: { forwarding: CommandForwarding } | undefined;
  leasing: boolean;
}): BuiltOutcomes {
  const { config, repos, host, model, logger, signals, commands, leasing } = parts;
  const engine = wireOutcomes({
    repos,
    clock: parts.clock,
    ids: parts.ids,
    crews: parts.crews,
    host,
    provider: model.provider,
    onError: parts.onError,
    onWarning: (fields, message) => logger.warn(fields, message),
    services: parts.services,
    approvals: parts.approvals,
    validateIntegrations: parts.tools.integrations.validateFlags,
    measure: model.measure,
    tracing: parts.tracing,
    ...(model.provider.name === 'local' ? { unmeasuredStageMs: localStagePriorMs(config) } : {}),
    ...(signals.shared ? { sharedCapacity: { repo: capacityLineRepository(parts.db), signals, runs: config.roles.worker } } : {}),
  });
  const outcomes = commands ? forwardingOutcomes(engine.outcomes, commands.forwarding, leasing) : engine.outcomes;
  if (commands && leasing) {
    handleOutcomeCommands(commands.forwarding, engine.outcomes, repos.workspaces);
    // A dead process's pending commands are applied once its actors were restored here.
    host.onRestored(() => commands.forwarding.pump());
  }
  return { engine, outcomes };
}
