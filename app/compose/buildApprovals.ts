import type { ActorHost } from '../../runtime/actors/actorHost.js';
import type { CommandForwarding } from '../../runtime/actors/commandForwarding.js';
import { createApprovalLinks, type ApprovalLinks } from '../../runtime/approvals/approvalLinks.js';
import { createApprovalSlots, type ApprovalSlots } from '../../runtime/approvals/approvalSlots.js';
import { createDecisions, type Decisions } from '../../runtime/approvals/decisions.js';
import { installApprovalExpiry } from '../../runtime/approvals/expiry.js';
import { forwardingDecisions, handleDecisions } from '../../runtime/approvals/forwardedDecisions.js';
import type { Clock } from '../../runtime/clock.js';
import type { CrewCatalog } from '../../runtime/crewCatalog.js';
import type { CrewId } from '../../crews/index.js';
import type { EngineMachines } from '../../runtime/outcomes/engineMachines.js';
import type { StageServices } from '../../runtime/outcomes/stageRunner.js';
import type { Scheduler } from '../../runtime/scheduler/scheduler.js';
import type { Tools } from '../../runtime/tools/index.js';
import type { Repositories } from '../../storage/index.js';

/** The approval slots the outcome machine is provided with, and the signer of approval links (issue 27). */
export function buildApprovalSlots(parts: { secretKey: Buffer; repos: Repositories; clock: Clock; crews: CrewCatalog; tools: Tools; services: StageServices; host: Pick<ActorHost, 'flushed'> }): { links: ApprovalLinks; slots: ApprovalSlots } {
  const links = createApprovalLinks(parts.secretKey);
  const slots = createApprovalSlots({
    repos: parts.repos,
    clock: parts.clock,
    links,
    crewOf: (crewId) => parts.crews.definition(crewId as CrewId),
    flagInfo(flag) {
      const binding = parts.tools.registry.flag(flag);
      return binding ? { integration: binding.plugin.manifest.id, action: binding.flag.action } : undefined;
    },
    ...(parts.services.runIntegrations ? { runIntegrations: parts.services.runIntegrations } : {}),
    committed: () => parts.host.flushed(),
  });
  return { links, slots };
}

/**
 * Decisions on the outcome engine: applied here, forwarded to the owner on Postgres (the command
 * forwarding of cancel and revise), and expiry timers that decide through them.
 */
export function buildDecisions(parts: {
  repos: Repositories;
  clock: Clock;
  host: Pick<ActorHost, 'flushed'>;
  machines: EngineMachines;
  scheduler: Pick<Scheduler, 'register'>;
  commands?: { forwarding: CommandForwarding };
  leasing: boolean;
}): Decisions {
  const local = createDecisions({ repos: parts.repos, clock: parts.clock, host: parts.host, machines: parts.machines });
  if (parts.commands && parts.leasing) handleDecisions(parts.commands.forwarding, local, parts.repos.workspaces);
  const decisions = parts.commands ? forwardingDecisions(local, parts.commands.forwarding, parts.leasing) : local;
  installApprovalExpiry(parts.scheduler, { repos: parts.repos, decisions });
  return decisions;
}
