import type { PluginContext } from '../contract.js';
import { vendorErrorOf } from './vendorHttp.js';

/**
 * The request options that put an axios-based Atlassian client (jira.js) on the guarded fetch:
 * axios' fetch adapter with the plugin's `fetch` as its `env.fetch`, so every request passes the
 * SSRF guard (URL check, connect-time lookup, no redirects) instead of axios' own http stack.
 */
export function guardedAxiosConfig(context: PluginContext) {
  return { adapter: 'fetch' as const, env: { fetch: context.fetch } };
}

/** The client's authentication: an API token with the account email (Basic), else an OAuth access token. */
export function atlassianAuthentication(context: PluginContext): { basic: { email: string; apiToken: string } } | { oauth2: { accessToken: string } } {
  if (context.secrets.api_token) return { basic: { email: String(context.settings.email ?? ''), apiToken: context.secrets.api_token } };
  return { oauth2: { accessToken: context.secrets.access_token ?? '' } };
}

/**
 * A failure of an axios-based Atlassian client as a `VendorError`. jira.js throws an
 * `HttpException` (`status`, its `cause` the AxiosError with the response headers) when Atlassian
 * answered, and the AxiosError itself (its `cause` the fetch failure) when it did not.
 */
export function atlassianError(vendor: string, error: unknown, now: Date) {
  const failure = error as { status?: number; message?: string; response?: { status?: number; headers?: Record<string, unknown> }; cause?: { response?: { status?: number; headers?: Record<string, unknown> } } };
  const response = failure.cause?.response ?? failure.response;
  const status = response?.status ?? (typeof failure.status === 'number' && response ? failure.status : undefined);
  const retryAfter = response?.headers?.['retry-after'];
  return vendorErrorOf(vendor, { status, retryAfter: typeof retryAfter === 'string' ? retryAfter : undefined, message: atlassianMessage(error), error }, now);
}

/** Atlassian's own error text (`errorMessages`, `errors`), short, never the request. */
function atlassianMessage(error: unknown): string {
  const data = (error as { cause?: { response?: { data?: unknown } } }).cause?.response?.data as { errorMessages?: string[]; errors?: unknown; message?: string } | undefined;
  if (data && typeof data === 'object') {
    const text = data.errorMessages?.length ? data.errorMessages.join('; ') : data.errors ? JSON.stringify(data.errors) : data.message;
    if (text) return String(text);
  }
  return (error as Error).message ?? String(error);
}
