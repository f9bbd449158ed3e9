import type http from 'node:http';
import type { PluginContext } from '../contract.js';
import { VendorError } from './vendorHttp.js';

/**
 * The node:http(s) agent under the SSRF guard of the plugin's `fetch`, for client libraries whose
 * HTTP stack takes an agent, not a fetch (superagent). The runtime's guarded fetch carries it
 * (`nodeAgent`); a fetch without one gets no unguarded fallback: the call is refused.
 */
export function guardedAgentFor(context: PluginContext, url: string, vendor: string): http.Agent {
  const protocol = new URL(url).protocol;
  const nodeAgent = (context.fetch as { nodeAgent?: (protocol: 'http:' | 'https:') => http.Agent }).nodeAgent;
  if ((protocol !== 'http:' && protocol !== 'https:') || typeof nodeAgent !== 'function') {
    throw new VendorError('validation_error', `${vendor}: no guarded connection for ${protocol} URLs`, undefined, false, undefined);
  }
  return nodeAgent(protocol);
}
