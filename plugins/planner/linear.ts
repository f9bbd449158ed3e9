import type { LinearError, parseLinearError } from '@linear/sdk';
import type { PluginContext } from '../contract.js';
import { baseUrl } from '../shared/baseUrl.js';
import { VendorError, vendorErrorOf } from '../shared/vendorHttp.js';

/** The raw error parseLinearError reads (the SDK does not export its name), and its response part. */
type LinearErrorRaw = Exclude<NonNullable<Parameters<typeof parseLinearError>[0]>, LinearError>;
type LinearRawResponse = NonNullable<LinearErrorRaw['response']>;

/** A GraphQL call: the document and its variables in, the `data` out. */
export type LinearGql = <T>(query: string, variables?: Record<string, unknown>) => Promise<T>;

/**
 * Linear's GraphQL API through `@linear/sdk`'s request seam and error model, on the guarded fetch.
 * `LinearClient` sends through `globalThis.fetch` and takes no fetch of ours, so the plugin gives
 * the SDK's `LinearRequest` shape its own transport (`context.fetch`: URL check, connect-time
 * lookup, no redirects) and lets `parseLinearError` type every GraphQL error. The documents are
 * the plugin's own small ones: the SDK's generated documents ask for the whole schema, which the
 * emulator the tests run against does not serve.
 */
export function linearGraphql(context: PluginContext): LinearGql {
  const url = `${baseUrl(context, 'planner', 'https://api.linear.app')}/graphql`;
  // A personal API key goes as is; an OAuth access token as a Bearer token (Linear's rule).
  const authorization = context.secrets.access_token ? `Bearer ${context.secrets.access_token}` : (context.secrets.api_key ?? '');
  return async <T>(query: string, variables: Record<string, unknown> = {}) => {
    let response: Response;
    try {
      response = await context.fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json', authorization }, body: JSON.stringify({ query, variables }) });
    } catch (error) {
      throw vendorErrorOf('Linear', { message: (error as Error).message, error }, context.clock.now());
    }
    const text = await response.text();
    let body: (Omit<LinearRawResponse, 'data'> & { data?: T }) | undefined;
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      body = undefined;
    }
    // Linear answers GraphQL errors with 200 or 400 and an `errors` list; any other status (429,
    // 5xx, a proxy's 401) is classified by the status, with its Retry-After.
    if (body?.errors?.length && (response.ok || response.status === 400)) {
      // Loaded on the error path only: the SDK is large, and a success needs none of it.
      const sdk = await import('@linear/sdk');
      throw fromLinearError(sdk, sdk.parseLinearError({ response: { ...body, status: response.status, headers: response.headers }, request: { query, variables } }));
    }
    if (!response.ok) {
      throw vendorErrorOf('Linear', { status: response.status, retryAfter: response.headers.get('retry-after'), message: text.slice(0, 300), error: undefined }, context.clock.now());
    }
    if (!body) throw new VendorError('vendor_error', 'Linear answered with a body that is not JSON', response.status, false, undefined);
    return body.data as T;
  };
}

/** The SDK's error types as the integration's error classes. */
function fromLinearError({ LinearErrorType, RatelimitedLinearError }: typeof import('@linear/sdk'), error: LinearError): VendorError {
  const message = `Linear: ${error.message}`;
  switch (error.type) {
    case LinearErrorType.AuthenticationError:
      return new VendorError('auth_required', message, error.status, false, undefined);
    case LinearErrorType.Forbidden:
    case LinearErrorType.FeatureNotAccessible:
      return new VendorError('permission_denied', message, error.status, false, undefined);
    case LinearErrorType.Ratelimited: {
      const seconds = error instanceof RatelimitedLinearError ? error.retryAfter : undefined;
      return new VendorError('rate_limited', message, error.status, true, seconds === undefined ? undefined : Math.max(0, seconds * 1000));
    }
    case LinearErrorType.NetworkError:
    case LinearErrorType.InternalError:
    case LinearErrorType.LockTimeout:
      return new VendorError('vendor_unavailable', message, error.status, true, undefined);
    default:
      return new VendorError(/not found/i.test(error.message) ? 'not_found' : 'validation_error', message, error.status, false, undefined);
  }
}
