import type { GuardedFetch } from '../guardedFetch.js';

const nullBodyStatuses = new Set([101, 204, 205, 304]);

/**
 * The guarded fetch (undici's own classes) with answers turned into the global `Response`: the
 * SDK's OAuth code tells a `Response` from a string with `instanceof Response`, and would read an
 * undici one as the text "[object Response]", losing the authorization server's error (an
 * `invalid_grant` would look like a blip).
 */
export function standardFetch(fetch: GuardedFetch): (input: string | URL | Request, init?: RequestInit) => Promise<Response> {
  return async (input, init) => {
    const response = await fetch(input, init);
    // Typed as the global Response, but an instance of undici's own class at run time.
    const standard: unknown = response;
    if (standard instanceof Response) return standard;
    return new Response(nullBodyStatuses.has(response.status) ? null : response.body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
