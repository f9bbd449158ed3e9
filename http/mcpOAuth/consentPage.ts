import { scopes as allScopes } from '../../runtime/auth/scopes.js';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** What a scope lets a client do, in the words of the consent page. */
const meaning: Record<string, string> = {
  'crews:read': 'see the crews',
  'crews:write': 'deploy crews (spends credits)',
  'outcomes:read': 'read outcomes and follow them',
  'outcomes:write': 'revise and cancel outcomes',
  'integrations:read': 'see integrations',
  'integrations:write': 'configure integrations',
  'admin:read': 'read workspace administration',
  'admin:write': 'administer the workspace (keys, webhooks)',
};

/** The scopes ticked when the client asked for none: what the MCP tools need. */
export const defaultScopes = ['crews:read', 'crews:write', 'outcomes:read', 'outcomes:write'];

/**
 * The consent page of crewd's authorization server: the key holder signs in with an API key (its
 * workspace is the one the client will act in) and ticks the scopes to grant, at most the key's.
 */
export function consentPage(input: { clientName: string; redirectHost: string; consent: string; requested: string[]; error?: string }): string {
  const ticked = new Set(input.requested.length > 0 ? input.requested : defaultScopes);
  const rows = allScopes
    .map((scope) => `<label><input type="checkbox" name="scope" value="${scope}"${ticked.has(scope) ? ' checked' : ''}> <code>${scope}</code> — ${escape(meaning[scope] ?? scope)}</label>`)
    .join('\n      ');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Allow ${escape(input.clientName)} to use crewd</title>
<style>body{font:16px system-ui,sans-serif;max-width:34rem;margin:3rem auto;padding:0 1rem;color:#1b1f24}label{display:block;margin:.35rem 0}input[type=password]{width:100%;padding:.5rem;font:inherit}button{font:inherit;padding:.5rem 1.2rem;margin-right:.5rem}.error{color:#b3261e;border:1px solid #b3261e;padding:.5rem;border-radius:4px}</style></head>
<body>
  <h1>Allow <em>${escape(input.clientName)}</em> to use crewd?</h1>
  <p>It will act through <code>/mcp</code> and send you back to <strong>${escape(input.redirectHost)}</strong>.</p>
  ${input.error ? `<p class="error" role="alert">${escape(input.error)}</p>` : ''}
  <form method="post" action="/oauth/consent">
    <input type="hidden" name="consent" value="${escape(input.consent)}">
    <label for="api_key">Sign in with your API key (the client acts in that key's workspace, never with more than its permissions)</label>
    <input id="api_key" type="password" name="api_key" autocomplete="off" placeholder="crew_sk_...">
    <fieldset><legend>Permissions to grant</legend>
      ${rows}
    </fieldset>
    <p><button type="submit" name="decision" value="allow">Allow</button><button type="submit" name="decision" value="deny">Deny</button></p>
  </form>
</body>
</html>`;
}
