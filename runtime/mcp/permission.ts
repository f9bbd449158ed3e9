import type { Scope } from '../auth/scopes.js';
import type { McpPrincipal } from './mcpDeps.js';

/** A refusal for a missing permission: a tool error in a tool, an invalid-params error in a protocol method. */
export class PermissionDenied extends Error {}

/** A tool error that names the permission the key lacks (the MCP face of a REST 403). */
export function requirePermission(principal: McpPrincipal, scope: Scope, action: string): void {
  if (!principal.permissions.includes(scope)) {
    throw new PermissionDenied(`Permission denied: ${action} needs an API key with the '${scope}' permission; this key has ${principal.permissions.length ? principal.permissions.map((p) => `'${p}'`).join(', ') : 'none'}.`);
  }
}
