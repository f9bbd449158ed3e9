import { unwrap } from '@crewd/client';
import { print } from './output.js';
import type { RemoteContext } from './remote.js';
import { UsageError } from './usage.js';

/**
 * `crewd workspace policy [--approvals JSON|null]` (issue 27): shows the workspace's default
 * approval policy, or sets it (an admin:write key; `null` clears it). Deploys may tighten it only.
 */
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
    if (approvals !== null && (typeof approvals !== 'object' || Array.isArray(approvals))) throw new UsageError(`--approvals takes a JSON object, e.g. '{"before_integrations":true}', or null`);
    const workspace = unwrap(await context.client.api.PATCH('/v1/workspace', { body: { approvals: approvals as never } }));
    print(context.json, workspace, () => `${workspace.name}: ${workspace.approvals ? JSON.stringify(workspace.approvals) : 'no approval policy'}`);
    return 0;
  },
};
