import type { PluginContext } from '../contract.js';

/**
 * The vendor API base URL a plugin calls: the workspace's `base_url` setting (self-hosted
 * products, tests), else the operator's `CREWD_<ID>_API_URL`, else the vendor's public URL.
 * Without a trailing slash. Every request still passes the SSRF guard of `context.fetch`.
 */
export function baseUrl(context: PluginContext, pluginId: string, vendorDefault: string): string {
  const setting = context.settings.base_url;
  const chosen = typeof setting === 'string' && setting !== '' ? setting : (context.apiUrls[pluginId] ?? vendorDefault);
  return chosen.replace(/\/+$/, '');
}
