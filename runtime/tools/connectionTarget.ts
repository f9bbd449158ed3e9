import type { ToolConnectionRow } from '../../storage/repositories/toolConnections.js';
import type { SecretCipher } from '../secrets/cipher.js';
import { credentialHeaders } from './credentials.js';
import type { ToolOAuth } from './oauth/toolOAuth.js';
import type { PluginHost } from './pluginHost.js';
import type { McpTarget } from './session.js';
import type { ToolSettings } from './settings.js';

/** The credentials stored with a connection, decrypted (empty when it has none). */
export function decryptCredentials(row: ToolConnectionRow, cipher: SecretCipher): Record<string, string> {
  return row.credentials ? (JSON.parse(cipher.decrypt(row.credentials)) as Record<string, string>) : {};
}

/**
 * Where a stored connection's session goes, read anew on every (re)connect: a plugin's in-process
 * server, a URL with the credentials as headers, or an allowlisted command with them as env.
 */
export function connectionTarget(row: ToolConnectionRow, deps: { cipher: SecretCipher; pluginHost: PluginHost; settings: ToolSettings; oauth?: ToolOAuth | undefined }): () => Promise<McpTarget> {
  const limit = Number(row.params.call_timeout_ms);
  const callLimit = Number.isInteger(limit) && limit > 0 ? { callLimitMs: limit } : {};
  return async () => {
    const credentials = decryptCredentials(row, deps.cipher);
    if (row.server_type !== 'custom') {
      return { kind: 'memory', server: deps.pluginHost.serverFactory(row.workspace_id, row.server_type, credentials), ...callLimit };
    }
    if (typeof row.params.url === 'string') {
      // An `{auth: "oauth"}` connection: the SDK's authorization runs through its credential row.
      const authProvider = await deps.oauth?.providerOf(row.workspace_id, row.id);
      return { kind: 'http', url: row.params.url, headers: credentialHeaders(credentials), ...(authProvider ? { authProvider } : {}), ...callLimit };
    }
    const command = String(row.params.command);
    // Checked again on every (re)connect: an operator may have narrowed the allowlist since.
    if (!deps.settings.stdioAllow.includes(command)) throw Object.assign(new Error(`stdio command ${command} is not on CREWD_MCP_STDIO_ALLOW`), { code: 'EACCES' });
    const args = Array.isArray(row.params.args) ? row.params.args.map(String) : [];
    return { kind: 'stdio', command, args, env: credentials, ...callLimit };
  };
}
