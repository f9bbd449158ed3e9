import type { PluginRegistry } from '../../plugins/registry.js';
import type { ConnectRequest } from '../../schemas/tools.js';
import { errors } from '../errors.js';
import { checkWebhookUrl } from '../webhooks/urlGuard.js';
import type { ToolSettings } from './settings.js';

// The body of POST /api/mcp/connect is derived from its JSON Schema (schemas/tools.ts); the other tool modules import it from here.
export type { ConnectRequest };

/**
 * Checks a connect request before anything is stored: `server_type` is a plugin id or `custom`;
 * a custom connection names exactly one of `params.url` (through the SSRF guard) or
 * `params.command` (on the operator allowlist), and `params.args` are strings. Throws a 400
 * naming the field.
 */
export function validateConnectRequest(body: ConnectRequest, deps: { registry: PluginRegistry; settings: ToolSettings }): void {
  const params = body.params ?? {};
  if (body.oauth && body.auth !== 'oauth') throw errors.invalidRequest('oauth (a pre-registered client) goes with auth: "oauth".', { field: 'oauth' });
  if (body.auth === 'oauth' && (body.server_type !== 'custom' || typeof params.url !== 'string')) {
    throw errors.invalidRequest('auth: "oauth" is for a custom connection to a remote server (params.url).', { field: 'auth' });
  }
  if (body.server_type !== 'custom') {
    if (!deps.registry.get(body.server_type)) {
      throw errors.invalidRequest(`server_type must be a plugin id (${deps.registry.list().map((p) => p.manifest.id).join(', ')}) or custom.`, { field: 'server_type' });
    }
    return;
  }
  const hasUrl = typeof params.url === 'string';
  const hasCommand = typeof params.command === 'string';
  if (hasUrl === hasCommand) throw errors.invalidRequest('A custom connection needs exactly one of params.url or params.command.', { field: 'params' });
  if (hasUrl) {
    const check = checkWebhookUrl(params.url as string, { allowPrivate: deps.settings.allowPrivateUrls });
    if (!check.ok) throw errors.invalidRequest(`params.url is not allowed: ${check.message}`, { field: 'params.url', reason: check.code });
  } else if (!deps.settings.stdioAllow.includes(params.command as string)) {
    throw errors.invalidRequest('params.command is not on the operator allowlist (CREWD_MCP_STDIO_ALLOW).', { field: 'params.command', command: params.command });
  }
  if (params.args !== undefined && !(Array.isArray(params.args) && params.args.every((arg) => typeof arg === 'string'))) {
    throw errors.invalidRequest('params.args must be an array of strings.', { field: 'params.args' });
  }
}
