import type { AgentIntegrations } from '../../machines/agent.js';
import type { ActionResolution, DeferredIntegrationsInput, PendingAction, PreparedAction, PrepareActionInput, PreviewIntegration } from '../../machines/approvals.js';
import type { Repositories } from '../../storage/index.js';
import type { ActionRow } from '../../storage/repositories/approvals.js';
import type { TickRows } from '../actors/tickRows.js';
import type { Clock } from '../clock.js';
import type { CrewDefinition, CrewId } from '../../crews/index.js';
import type { StageServices } from '../outcomes/stageRunner.js';
import type { ApprovalLinks } from './approvalLinks.js';

/** The durable timer that applies an action's `on_expiry`. */
export const expiryTimerKind = 'approval.expiry';

/** Settings of an integration that name where it acts (shown as the target in a preview). */
const targetSetting = /channel|project|repo|network|space|folder|site|board|team|page|database|profile|organization/i;

export interface ApprovalSlotsDeps {
  repos: Repositories;
  clock: Clock;
  links: ApprovalLinks;
  crewOf(crewId: string): CrewDefinition;
  /** The integration a deploy flag belongs to and what it does; undefined for a flag no plugin declares now. */
  flagInfo(flag: string): { integration: string; action: string } | undefined;
  runIntegrations?: StageServices['runIntegrations'];
  /**
   * Resolves once every row staged so far is committed (the actor host's `flushed`). The draft is
   * the last stage's output, staged in the tick of the transition that asks for it: a read on
   * another connection (a Postgres pool, SQLite's readers) sees it only after that commit.
   */
  committed(): Promise<void>;
}

function documentTitle(content: string): string {
  return (/^#{1,3}\s+(.+)$/m.exec(content)?.[1]?.trim() ?? content.split(/\s+/).slice(0, 10).join(' ')).slice(0, 200);
}

/**
 * The runtime side of the outcome chart's approval slots (machines/approvals.ts): the preview of
 * an action (the draft and each integration action with its target), the integration flags held
 * back until approved, and the rows an action's opening and answer write in their transition's tick
 * (the action row with its link hashes, the expiry timer, the answer).
 */
export function createApprovalSlots(deps: ApprovalSlotsDeps): ApprovalSlots {
  const { repos } = deps;

  async function lastStageContent(outcomeId: string, crew: CrewDefinition): Promise<string> {
    await deps.committed();
    const step = String(crew.stages.length - 1);
    const rows = (await repos.stageOutputs.listForOutcome(outcomeId)).filter((row) => row.step_key === step);
    rows.sort((a, b) => a.attempt - b.attempt);
    return rows.at(-1)?.content ?? '';
  }

  async function integrationsOf(workspaceId: string, flags: Record<string, unknown>): Promise<PreviewIntegration[]> {
    const items: PreviewIntegration[] = [];
    for (const [flag, value] of Object.entries(flags)) {
      if (value === false || value === null || value === undefined) continue;
      const info = deps.flagInfo(flag);
      if (!info) continue;
      const settings = (await repos.integrationConfigs.get(workspaceId, info.integration))?.settings ?? {};
      const target: Record<string, unknown> = {};
      for (const [name, setting] of Object.entries(settings)) if (targetSetting.test(name) && !name.startsWith('__') && typeof setting !== 'object') target[name] = setting;
      if (typeof value === 'string') target.value = value;
      items.push({ integration: info.integration, flag, action: info.action, target });
    }
    return items;
  }

  async function outcomeOf(outcomeId: string) {
    const [row, input] = await Promise.all([repos.outcomes.getAny(outcomeId), repos.outcomes.getInput(outcomeId)]);
    if (!row || !input) throw new Error(`outcome ${outcomeId} is not stored`);
    return { row, input, crew: deps.crewOf(row.crew) };
  }

  return {
    async prepare(input: PrepareActionInput): Promise<PreparedAction> {
      const { row, input: deployed, crew } = await outcomeOf(input.outcomeId);
      const content = input.content ?? (await lastStageContent(input.outcomeId, crew));
      const integrations = input.kind === 'approve_integrations' ? await integrationsOf(row.workspace_id, deployed.integrations) : [];
      const title = documentTitle(content);
      const summary =
        input.kind === 'approve_integrations'
          ? `Publish "${title}" with ${integrations.map((item) => `${item.integration} (${item.action})`).join(', ')}`
          : `Approve the ${crew.id} result "${title}" before it completes`;
      return { summary, preview: { content, integrations }, at: deps.clock.now().toISOString() };
    },

    /** Runs every integration flag of the deploy on the approved content, stage by stage of the crew. */
    async runDeferred(input: DeferredIntegrationsInput, signal: AbortSignal): Promise<AgentIntegrations | undefined> {
      if (!deps.runIntegrations) return undefined;
      const { row, input: deployed, crew } = await outcomeOf(input.outcomeId);
      const content = input.content ?? (await lastStageContent(input.outcomeId, crew));
      const merged: AgentIntegrations = { executed: {}, events: [] };
      for (const stage of crew.stages) {
        const result = await deps.runIntegrations(
          { workspaceId: row.workspace_id, outcomeId: input.outcomeId, crew: crew.id as CrewId, stage: stage.name, attempt: input.attempt, integrations: deployed.integrations, title: documentTitle(content), content },
          signal,
        );
        if (!result) continue;
        Object.assign(merged.executed, result.executed);
        merged.events.push(...result.events);
      }
      return merged.events.length > 0 ? merged : undefined;
    },

    /** The action row (with its links' hashes) and its expiry timer, written with the transition that opened it. */
    opened(outcomeId: string, workspaceId: string, action: PendingAction): TickRows {
      const claims = { actionId: action.id, expiresAt: action.expires_at };
      const row: ActionRow = {
        id: action.id,
        workspace_id: workspaceId,
        outcome_id: outcomeId,
        kind: action.kind,
        status: 'pending',
        summary: action.summary,
        preview: action.preview,
        requested_at: action.requested_at,
        expires_at: action.expires_at,
        on_expiry: action.on_expiry,
        resolution: null,
        approve_link_hash: deps.links.hash(deps.links.sign({ ...claims, decision: 'approve' })),
        reject_link_hash: deps.links.hash(deps.links.sign({ ...claims, decision: 'reject' })),
      };
      const timer = { kind: expiryTimerKind, key: action.id, due_at: action.expires_at, payload: { outcome_id: outcomeId, workspace_id: workspaceId, action_id: action.id }, created_at: deps.clock.now().toISOString() };
      return { actionsOpened: [row], timers: [timer] };
    },

    /** The outcome was cancelled while it waited: the action closes unanswered. */
    cancelled(actionId: string, at: string): TickRows {
      return { actionsResolved: [{ id: actionId, status: 'cancelled', resolution: { decision: null, decided_by: null, decided_at: at, comment: 'The outcome was cancelled.', content_edited: false } }] };
    },

    resolved(resolution: ActionResolution): TickRows {
      return { actionsResolved: [{ id: resolution.id, status: resolution.decision === 'approve' ? 'approved' : 'rejected', resolution }] };
    },
  };
}

export interface ApprovalSlots {
  prepare(input: PrepareActionInput): Promise<PreparedAction>;
  /** Runs every integration flag of the deploy on the approved content, stage by stage of the crew. */
  runDeferred(input: DeferredIntegrationsInput, signal: AbortSignal): Promise<AgentIntegrations | undefined>;
  /** The action row (with its links' hashes) and its expiry timer, written with the transition that opened it. */
  opened(outcomeId: string, workspaceId: string, action: PendingAction): TickRows;
  /** The outcome was cancelled while it waited: the action closes unanswered. */
  cancelled(actionId: string, at: string): TickRows;
  resolved(resolution: ActionResolution): TickRows;
}
