import { defaultExpiryHours, type ApprovalPolicy } from '../../machines/approvals.js';
import type { ApprovalsRequest } from '../../schemas/approvals.js';
import { errors } from '../errors.js';

/** A request's values with the defaults filled in. */
export function normalizePolicy(request: ApprovalsRequest | null | undefined): ApprovalPolicy {
  return {
    before_integrations: request?.before_integrations ?? false,
    before_completion: request?.before_completion ?? false,
    expires_in_hours: request?.expires_in_hours ?? defaultExpiryHours,
    on_expiry: request?.on_expiry ?? 'reject',
  };
}

/**
 * The policy an outcome runs with: the deploy's `approvals` over the workspace's default, which a
 * deploy may tighten (ask for more approval points, a shorter wait, reject on expiry) but never
 * loosen: a deploy that turns off a point the workspace asks for, waits longer than the workspace
 * allows or approves on expiry where the workspace rejects is a 400 naming the field. An
 * `approve_integrations` point is kept only when the deploy has integration flags to hold back.
 * Null: the outcome never waits.
 */
export function effectivePolicy(workspace: ApprovalsRequest | null, request: ApprovalsRequest | undefined, hasIntegrations: boolean, field = 'approvals'): ApprovalPolicy | null {
  const floor = workspace ? normalizePolicy(workspace) : null;
  const asked = request ?? {};
  if (floor) {
    const loosened = (name: keyof ApprovalsRequest, message: string) => errors.invalidRequest(message, { field: `${field}.${name}`, reason: 'loosens_workspace_policy', workspace_policy: floor });
    if (floor.before_integrations && asked.before_integrations === false) throw loosened('before_integrations', 'The workspace requires approval before integrations; a deploy cannot turn it off.');
    if (floor.before_completion && asked.before_completion === false) throw loosened('before_completion', 'The workspace requires approval before completion; a deploy cannot turn it off.');
    if (asked.expires_in_hours !== undefined && asked.expires_in_hours > floor.expires_in_hours) throw loosened('expires_in_hours', `The workspace lets an approval wait at most ${floor.expires_in_hours} hours.`);
    if (floor.on_expiry === 'reject' && asked.on_expiry === 'approve' && workspace?.on_expiry !== undefined) throw loosened('on_expiry', 'The workspace rejects approvals that expire; a deploy cannot approve them.');
  }
  const policy: ApprovalPolicy = {
    before_integrations: (asked.before_integrations ?? floor?.before_integrations ?? false) && hasIntegrations,
    before_completion: asked.before_completion ?? floor?.before_completion ?? false,
    expires_in_hours: asked.expires_in_hours ?? floor?.expires_in_hours ?? defaultExpiryHours,
    on_expiry: asked.on_expiry ?? floor?.on_expiry ?? 'reject',
  };
  return policy.before_integrations || policy.before_completion ? policy : null;
}
