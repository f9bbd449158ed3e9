import type { Repositories } from '../storage/index.js';
import type { WorkspaceRow } from '../storage/repositories/workspaces.js';
import type { KeyService } from './auth/keyService.js';
import { scopes } from './auth/scopes.js';
import type { Clock } from './clock.js';
import { ServiceError } from './errors.js';
import type { IdGenerator } from './ids.js';
import { findPlan, plans } from './plans.js';

export interface NewWorkspace {
  name: string;
  plan: string;
  credits?: number | null;
  requestsPerMinute?: number;
  concurrentOutcomes?: number;
}

/** Workspace creation and the first-start bootstrap (DESIGN section 8). */
export function createWorkspaceService(deps: { repos: Repositories; keys: KeyService; clock: Clock; ids: IdGenerator }): WorkspaceService {
  const { repos, keys, clock, ids } = deps;

  async function create(input: NewWorkspace): Promise<WorkspaceRow> {
    const plan = findPlan(input.plan);
    if (!plan) {
      throw new ServiceError(400, 'invalid_request', `Unknown plan "${input.plan}".`, {
        field: 'plan',
        allowed: plans.flatMap((p) => p.aliases),
      });
    }
    if (await repos.workspaces.findByName(input.name)) {
      throw new ServiceError(409, 'workspace_exists', `A workspace named "${input.name}" exists.`, { name: input.name });
    }
    const row: WorkspaceRow = {
      id: ids.uuid(),
      name: input.name,
      plan: plan.name,
      credits_remaining: input.credits === undefined ? plan.credits : input.credits,
      requests_per_minute: input.requestsPerMinute ?? plan.requestsPerMinute,
      concurrent_outcomes: input.concurrentOutcomes ?? plan.concurrentOutcomes,
      created_at: clock.now().toISOString(),
    };
    await repos.workspaces.insert(row);
    return row;
  }

  return {
    create,
    /**
     * When no key exists: workspace `default` on the enterprise plan and one key with every scope.
     * Returns the secret when this call generated it (to be printed once), else null.
     */
    async bootstrap(bootstrapSecret: string | undefined): Promise<{ workspace: WorkspaceRow; keyId: string; secret: string } | null> {
      if ((await repos.apiKeys.count()) > 0) return null;
      const workspace = (await repos.workspaces.findByName('default')) ?? (await create({ name: 'default', plan: 'enterprise' }));
      if (bootstrapSecret) {
        const row = await keys.createWithSecret({ workspaceId: workspace.id, name: 'bootstrap', permissions: [...scopes], secret: bootstrapSecret });
        return { workspace, keyId: row.id, secret: bootstrapSecret };
      }
      const { row, secret } = await keys.create({ workspaceId: workspace.id, name: 'bootstrap', permissions: [...scopes] });
      return { workspace, keyId: row.id, secret };
    },
  };
}

export interface WorkspaceService {
  create: (input: NewWorkspace) => Promise<WorkspaceRow>;
  /**
   * When no key exists: workspace `default` on the enterprise plan and one key with every scope.
   * Returns the secret when this call generated it (to be printed once), else null.
   */
  bootstrap(bootstrapSecret: string | undefined): Promise<{ workspace: WorkspaceRow; keyId: string; secret: string } | null>;
}
