import type { PluginContext } from '../contract.js';

/**
 * Atlassian Cloud auth: an API token with the account email (Basic), or an OAuth access token
 * (Bearer; the base URL is then `https://api.atlassian.com/ex/<product>/<cloud id>`).
 */
export function atlassianHeaders(context: PluginContext): Record<string, string> {
  if (context.secrets.api_token) return { authorization: `Basic ${Buffer.from(`${String(context.settings.email ?? '')}:${context.secrets.api_token}`).toString('base64')}` };
  return { authorization: `Bearer ${context.secrets.access_token ?? ''}` };
}

/** Markdown to minimal HTML-safe paragraphs (Confluence storage format, Jira text). */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
