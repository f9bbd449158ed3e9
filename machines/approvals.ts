/**
 * Approvals (issue 27, DESIGN section 11): the types and pure helpers of the outcome chart's
 * `awaiting_approval` state. Kept apart from outcome.ts so the wait reads as one concept.
 *
 * An outcome may wait for a person at two points: before its integration flags run
 * (`approve_integrations`) and before it completes (`approve_result`). The action's id is derived
 * from the outcome, the kind and the attempt (the chart never draws randomness), so a restored
 * snapshot and every process name the same action.
 */

/** The effective policy of one outcome (the deploy's `approvals` tightened by the workspace's). */
// A type alias, not an interface: it is stored as a JSON column, so it must be a Record<string, unknown>.
export type ApprovalPolicy = {
  before_integrations: boolean;
  before_completion: boolean;
  expires_in_hours: number;
  on_expiry: 'reject' | 'approve';
};

export type ActionKind = 'approve_integrations' | 'approve_result';
export type Decision = 'approve' | 'reject';

/** One integration action waiting in a preview: which integration, what it does, where. */
export interface PreviewIntegration {
  integration: string;
  flag: string;
  action: string;
  target: Record<string, unknown>;
}

// A type alias, not an interface: it is stored as a JSON column, so it must be a Record<string, unknown>.
export type ActionPreview = {
  content: string;
  integrations: PreviewIntegration[];
};

/** The `pending_action` of the outcome views. */
export interface PendingAction {
  id: string;
  kind: ActionKind;
  summary: string;
  preview: ActionPreview;
  requested_at: string;
  expires_at: string;
  on_expiry: Decision;
}

/** Who decided: an API key, a signed link, or the expiry timer. */
export interface Decider {
  type: 'api_key' | 'link' | 'expiry';
  id: string | null;
}

/** The answer to an action, kept on the outcome so a repeated decision replays it. */
// A type alias, not an interface: it is stored as a JSON column, so it must be a Record<string, unknown>.
export type ActionResolution = {
  id: string;
  kind: ActionKind;
  decision: Decision;
  decided_by: Decider;
  decided_at: string;
  comment: string | null;
  content_edited: boolean;
};

/** What the runtime's `prepareAction` slot resolves with (it reads the draft and the integration targets). */
export interface PreparedAction {
  summary: string;
  preview: ActionPreview;
  at: string;
}

export interface PrepareActionInput {
  outcomeId: string;
  kind: ActionKind;
  attempt: number;
  /** The draft result (approve_result) or the edited content; null: the last stage's stored output. */
  content: string | null;
}

export interface DeferredIntegrationsInput {
  outcomeId: string;
  attempt: number;
  /** The approved content (an edit replaces the stage output); null: the last stage's stored output. */
  content: string | null;
}

/** The DECIDE event: a person's (or the expiry timer's) answer to the pending action. */
export interface DecideEvent {
  type: 'DECIDE';
  at: string;
  actionId: string;
  decision: Decision;
  comment: string | null;
  content: string | null;
  decidedBy: Decider;
}

export const defaultExpiryHours = 72;

/** `act_<outcome id's body><i|r><attempt>`: stable for one wait of one attempt. */
export function actionIdOf(outcomeId: string, kind: ActionKind, attempt: number): string {
  return `act_${outcomeId.replace(/^out_/, '')}${kind === 'approve_integrations' ? 'i' : 'r'}${attempt}`;
}

export function addHours(iso: string, hours: number): string {
  return new Date(Date.parse(iso) + hours * 3_600_000).toISOString();
}

export function pendingActionOf(outcomeId: string, kind: ActionKind, attempt: number, policy: ApprovalPolicy, prepared: PreparedAction): PendingAction {
  return {
    id: actionIdOf(outcomeId, kind, attempt),
    kind,
    summary: prepared.summary,
    preview: prepared.preview,
    requested_at: prepared.at,
    expires_at: addHours(prepared.at, policy.expires_in_hours),
    on_expiry: policy.on_expiry,
  };
}

export function resolutionOf(action: PendingAction, event: DecideEvent): ActionResolution {
  return {
    id: action.id,
    kind: action.kind,
    decision: event.decision,
    decided_by: event.decidedBy,
    decided_at: event.at,
    comment: event.comment,
    content_edited: event.content !== null,
  };
}

/** `outcome.action_required` data: the action with its preview. */
export function actionRequiredData(outcomeId: string, crew: string, action: PendingAction): Record<string, unknown> {
  return { outcome_id: outcomeId, crew, action };
}

/** `outcome.action_resolved` data: decision, decider, time, comment. */
export function actionResolvedData(outcomeId: string, resolution: ActionResolution): Record<string, unknown> {
  return {
    outcome_id: outcomeId,
    action_id: resolution.id,
    kind: resolution.kind,
    decision: resolution.decision,
    decided_by: resolution.decided_by,
    decided_at: resolution.decided_at,
    comment: resolution.comment,
    content_edited: resolution.content_edited,
  };
}

/** `integrations_executed` entries for integrations a reviewer rejected. */
export function rejectedIntegrations(action: PendingAction): Record<string, Record<string, unknown>> {
  return Object.fromEntries(action.preview.integrations.map((item) => [item.integration, { status: 'rejected', action: item.action }]));
}
