import type { PluginRegistry } from '../../plugins/registry.js';
import type { Repositories } from '../../storage/index.js';
import { errors, ServiceError } from '../errors.js';

/** An accepted deploy flag, ready for the runner. */
export interface ActiveFlag {
  flag: string;
  value: boolean | string;
  integration: string;
}

/**
 * Checks a deploy's `integrations` object (call before the outcome is created). Throws 400
 * `invalid_request` naming an unknown flag or a value of the wrong type, and 400
 * `integration_not_configured` naming the integration. Returns the flags that will run
 * (`false` flags are accepted and do nothing).
 */
export async function validateDeployFlags(
  deps: { registry: PluginRegistry; repos: Repositories },
  workspaceId: string,
  flags: Record<string, unknown> | undefined,
): Promise<ActiveFlag[]> {
  if (flags === undefined || flags === null) return [];
  if (typeof flags !== 'object' || Array.isArray(flags)) throw errors.invalidRequest("Field 'integrations' must be an object of flags.", { field: 'integrations', reason: 'type' });
  const active: ActiveFlag[] = [];
  for (const [name, value] of Object.entries(flags)) {
    const binding = deps.registry.flag(name);
    const field = `integrations.${name}`;
    if (!binding) {
      throw errors.invalidRequest(`Unknown integration flag '${name}'.`, { field, reason: 'unknown_flag', known_flags: deps.registry.flags().map((b) => b.flag.name) });
    }
    const ok = binding.flag.type === 'boolean' ? typeof value === 'boolean' : typeof value === 'string' && value.trim() !== '';
    if (!ok) throw errors.invalidRequest(`Field '${field}' must be a ${binding.flag.type === 'boolean' ? 'boolean' : 'non-empty string'}.`, { field, reason: 'type', expected: binding.flag.type });
    if (value === false) continue;
    const id = binding.plugin.manifest.id;
    if (!binding.plugin.manifest.worksUnconfigured && !(await deps.repos.integrationConfigs.get(workspaceId, id))) {
      throw new ServiceError(400, 'integration_not_configured', `The ${id} integration is not configured; POST /v1/integrations/${id}/configure first.`, { integration: id, flag: name, field });
    }
    active.push({ flag: name, value: value as boolean | string, integration: id });
  }
  return active;
}
