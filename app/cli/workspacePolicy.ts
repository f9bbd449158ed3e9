import { unwrap, type Approvals } from '@crewd/client';
import { print } from './output.js';
import type { RemoteContext } from './remote.js';
import { UsageError } from './usage.js';

/**
 * `crewd workspace policy [--approvals JSON|null]` (issue 27): shows the workspace's default
 * approval policy, or sets it (an admin:write key; `null` clears it). Deploys may tighten it only.
 */
/**
 * A policy whose known fields have their types (the request type's); the service still checks the
 * whole object (an unknown field or an out-of-range number is its 400 naming the field).
 */
function isPolicy(value: unknown): value is Approvals {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const field = (name: string) => (Object.hasOwn(value, name) ? Reflect.get(value, name) : undefined);
  const optional = (name: string, check: (v: unknown) => boolean) => field(name) === undefined || check(field(name));
  return (
    optional('before_completion', (v) => typeof v === 'boolean') &&
    optional('before_integrations', (v) => typeof v === 'boolean') &&
    optional('expires_in_hours', (v) => typeof v === 'number') &&
    optional('on_expiry', (v) => v === 'reject' || v === 'approve')
  );
}

export const workspacePolicyCommands: Record<string, (context: RemoteContext) => Promise<number>> = {
  async 'workspace policy'(context) {
    const raw = context.flags.approvals;
    if (typeof raw !== 'string') {
      const workspace = unwrap(await context.client.api.GET('/v1/workspace'));
      print(context.json, workspace, () => `${workspace.name}: ${workspace.approvals ? JSON.stringify(workspace.approvals) : 'no approval policy'}`);
      return 0;
    }
    let approvals: unknown;
    try {
      approvals = JSON.parse(raw);
    } catch (error) {
      throw new UsageError(`--approvals takes a JSON object or null: ${(error as Error).message}`);
    }
    if (approvals !== null && !isPolicy(approvals)) throw new UsageError(`--approvals takes a JSON object of before_completion, before_integrations (booleans), expires_in_hours (a number) and on_expiry (reject or approve), e.g. '{"before_integrations":true}', or null`);
    // The service checks the policy's fields in full (an unknown or mistyped one is its 400).
    const workspace = unwrap(await context.client.api.PATCH('/v1/workspace', { body: { approvals } }));
    print(context.json, workspace, () => `${workspace.name}: ${workspace.approvals ? JSON.stringify(workspace.approvals) : 'no approval policy'}`);
    return 0;
  },
};
