import createClient from 'openapi-fetch';
import { CrewdApiError } from './errors.js';
import { retryingFetch, type FetchLike, type RetryOptions } from './retryingFetch.js';
import type { Action, ActionDecision, Outcome, paths } from './schema.js';
import { followOutcome, type FollowOptions } from './stream.js';

export interface CrewdClientOptions extends RetryOptions {
  /** The service's address, e.g. http://127.0.0.1:8080 */
  baseUrl: string;
  /** An API key (`crew_sk_...`), sent as `Authorization: Bearer`. */
  apiKey: string;
  /** The fetch to send through (default: the global one). */
  fetch?: FetchLike;
}

type Result<T> = { data?: T; error?: unknown; response: Response };

/** The data of a 2xx answer, or a CrewdApiError in the service's error shape. */
export function unwrap<T>(result: Result<T>): T {
  if (result.error !== undefined || !result.response.ok) throw CrewdApiError.fromBody(result.response.status, result.error);
  return result.data as T;
}

export type OutcomeListQuery = NonNullable<paths['/v1/outcomes']['get']['parameters']['query']>;
export type ActionListQuery = NonNullable<paths['/v1/actions']['get']['parameters']['query']>;

/**
 * The typed crewd client: `api` is openapi-fetch over the generated `paths` (every route, typed
 * request and answer), sending the key, retrying 429/5xx with Retry-After and putting an
 * Idempotency-Key on creating calls. `outcomes()` walks the cursor; `follow()` the stream.
 */
export function createCrewdClient(options: CrewdClientOptions) {
  const baseUrl = options.baseUrl.replace(/\/$/, '');
  const base: FetchLike = options.fetch ?? ((request) => fetch(request));
  // No answer at all (refused, reset, DNS): a CrewdApiError with status 0 that names the address.
  const inner: FetchLike = async (request) => {
    try {
      return await base(request);
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new CrewdApiError(0, 'connection_failed', `Cannot reach ${baseUrl}: ${cause?.code ?? cause?.message ?? (error as Error).message}`, { url: request.url });
    }
  };
  const api = createClient<paths>({ baseUrl, fetch: retryingFetch(inner, options), headers: { Authorization: `Bearer ${options.apiKey}` } });

  const send = retryingFetch(inner, options);

  return {
    api,
    baseUrl,

    /**
     * An untyped call for a route newer than the generated types: JSON in, the 2xx body out, or a
     * CrewdApiError. Same key, retries and idempotency as `api`.
     */
    async request<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
      const headers: Record<string, string> = { Authorization: `Bearer ${options.apiKey}` };
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      const response = await send(new Request(baseUrl + path, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) }));
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        // not JSON; keep the text
      }
      if (!response.ok) throw CrewdApiError.fromBody(response.status, parsed);
      return parsed as T;
    },

    /** Every outcome matching `query`, newest first, fetching pages as the loop goes. */
    async *outcomes(query: Omit<OutcomeListQuery, 'cursor'> = {}): AsyncGenerator<Outcome> {
      let cursor: string | undefined;
      do {
        const page = unwrap(await api.GET('/v1/outcomes', { params: { query: { ...query, ...(cursor ? { cursor } : {}) } } }));
        yield* page.data;
        cursor = page.pagination.has_more && page.pagination.next_cursor ? page.pagination.next_cursor : undefined;
      } while (cursor);
    },

    /** The workspace's approval actions (`{status: 'pending'}`: the open ones), oldest first, fetching pages as the loop goes. */
    async *actions(query: Omit<ActionListQuery, 'cursor'> = {}): AsyncGenerator<Action> {
      let cursor: string | undefined;
      do {
        const page = unwrap(await api.GET('/v1/actions', { params: { query: { ...query, ...(cursor ? { cursor } : {}) } } }));
        yield* page.data;
        cursor = page.pagination.has_more && page.pagination.next_cursor ? page.pagination.next_cursor : undefined;
      } while (cursor);
    },

    /** Approves or rejects an outcome's pending action (`content` replaces the result Markdown). */
    async decide(outcomeId: string, actionId: string, decision: ActionDecision): Promise<Action> {
      return unwrap(await api.POST('/v1/outcomes/{outcome_id}/actions/{action_id}', { params: { path: { outcome_id: outcomeId, action_id: actionId } }, body: decision }));
    },

    /** The outcome's stream messages until it completes or fails, resuming after dropped connections. */
    follow(outcomeId: string, followOptions: FollowOptions = {}) {
      return followOutcome(baseUrl, options.apiKey, outcomeId, followOptions);
    },
  };
}

export type CrewdClient = ReturnType<typeof createCrewdClient>;
