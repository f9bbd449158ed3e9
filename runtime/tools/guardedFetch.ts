import { Agent, fetch as undiciFetch } from 'undici';
import { checkWebhookUrl, createGuardedLookup, type UrlGuardOptions } from '../webhooks/urlGuard.js';

export type GuardedFetch = ((input: string | URL | Request, init?: RequestInit) => Promise<Response>) & { close(): Promise<void> };

export class RefusedUrlError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'RefusedUrlError';
  }
}

/**
 * A `fetch` behind the SSRF guard (DESIGN section 7), for MCP servers and plugin vendor APIs:
 * the URL is checked before every request (scheme, credentials, IP literals), names are resolved
 * through the guarded lookup at connect time, and redirects are never followed.
 */
export function createGuardedFetch(options: UrlGuardOptions & { connectTimeoutMs?: number }): GuardedFetch {
  const agent = new Agent({ connect: { lookup: createGuardedLookup(options), timeout: options.connectTimeoutMs ?? 10_000 } });
  const guarded = (async (input: string | URL | Request, init?: RequestInit) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const check = checkWebhookUrl(raw, options);
    if (!check.ok) throw new RefusedUrlError(check.code, check.message);
    const request = input instanceof Request ? input : undefined;
    const merged = { ...(request ? { method: request.method, headers: request.headers, body: request.body, duplex: 'half' } : {}), ...init };
    return (await undiciFetch(raw, { ...(merged as object), redirect: 'manual', dispatcher: agent } as never)) as unknown as Response;
  }) as GuardedFetch;
  guarded.close = () => agent.close();
  return guarded;
}
