import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import type { Agent, RequestInit as UndiciRequestInit } from 'undici';
import { loadUndici } from '../webhooks/undici.js';
import { checkWebhookUrl, createGuardedLookup, type UrlGuardOptions } from '../webhooks/urlGuard.js';

/**
 * The guarded fetch, and the same guard as node:http(s) agents (`nodeAgent`) for client libraries
 * whose HTTP stack is node:http (superagent, axios' http adapter) and takes an agent, not a fetch.
 */
export type GuardedFetch = ((input: string | URL | Request, init?: RequestInit) => Promise<Response>) & {
  /** Absent on a fetch that only stands in for the guarded one (benchmarks); plugins then refuse to connect. */
  nodeAgent?(protocol: 'http:' | 'https:'): http.Agent;
  close(): Promise<void>;
};

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
  // undici and the agent load with the first request (../webhooks/undici.ts), not at start.
  let agent: Agent | undefined;
  const fetchGuarded = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const check = checkWebhookUrl(raw, options);
    if (!check.ok) throw new RefusedUrlError(check.code, check.message);
    const undici = loadUndici();
    agent ??= new undici.Agent({ connect: { lookup: createGuardedLookup(options), timeout: options.connectTimeoutMs ?? 10_000 } });
    return await undici.fetch(raw, { ...undiciInit(input instanceof Request ? input : undefined, init), redirect: 'manual', dispatcher: agent });
  };
  const nodeAgents = new Map<'http:' | 'https:', http.Agent>();
  return Object.assign(fetchGuarded, {
    nodeAgent(protocol: 'http:' | 'https:') {
      let found = nodeAgents.get(protocol);
      if (!found) nodeAgents.set(protocol, (found = guardedNodeAgent(protocol, options)));
      return found;
    },
    async close() {
      for (const nodeAgent of nodeAgents.values()) nodeAgent.destroy();
      await agent?.close();
    },
  });
}

/**
 * The request's own method, headers and body under `init`, for undici's fetch. A FormData body is
 * encoded first (its multipart stream and content type, as a fetch would send it): the runtime's
 * FormData is not the undici package's class.
 */
function undiciInit(request: Request | undefined, init: RequestInit | undefined): UndiciRequestInit {
  // The caller's dispatcher is dropped: the guarded agent is the dispatcher.
  const { dispatcher: _dispatcher, headers: given, body, ...rest } = { ...(request ? { method: request.method, headers: request.headers, body: request.body, duplex: 'half' as const } : {}), ...init };
  const headers = new Headers(given);
  if (!(body instanceof FormData)) return { ...rest, headers: Object.fromEntries(headers), body };
  const encoded = new Response(body);
  if (!headers.has('content-type')) headers.set('content-type', encoded.headers.get('content-type') ?? '');
  return { ...rest, headers: Object.fromEntries(headers), body: encoded.body, duplex: 'half' };
}

/**
 * A node:http(s) agent under the same guard policy as the fetch: every connection's host and
 * scheme pass the URL check (an IP literal never reaches `lookup`, so it is judged here), and
 * names resolve through the guarded lookup at connect time, so a redirect a client follows or a
 * name that re-resolves (DNS rebinding) cannot reach a private address either.
 */
function guardedNodeAgent(protocol: 'http:' | 'https:', options: UrlGuardOptions): http.Agent {
  const lookup = createGuardedLookup(options);
  const Base = protocol === 'https:' ? https.Agent : http.Agent;
  class GuardedAgent extends Base {
    override createConnection(connect: http.ClientRequestArgs, callback?: (error: Error | null, stream: Duplex) => void): Duplex | null | undefined {
      const host = connect.host ?? connect.hostname ?? 'localhost';
      const check = checkWebhookUrl(`${protocol}//${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${connect.port ?? ''}/`, options);
      if (!check.ok) {
        // A socket that never connects and fails with the refusal, so the request fails with it
        // (an 'error' event) instead of throwing.
        const refused = new net.Socket();
        process.nextTick(() => refused.destroy(new RefusedUrlError(check.code, check.message)));
        return refused;
      }
      return super.createConnection({ ...connect, lookup }, callback);
    }
  }
  return new GuardedAgent({ keepAlive: true });
}
