import type { IntegrationActionResult, PluginContext } from '../contract.js';

/** The error classes of a vendor call, as the integration result and `integration.failed` show them. */
export type VendorErrorCode = 'auth_required' | 'permission_denied' | 'not_found' | 'rate_limited' | 'vendor_unavailable' | 'validation_error' | 'vendor_error';

/** A vendor call that failed, classified. `retryable` is true for 429, 5xx and network faults only. */
export class VendorError extends Error {
  constructor(
    readonly code: VendorErrorCode,
    message: string,
    readonly status: number | undefined,
    readonly retryable: boolean,
    /** From the vendor's Retry-After header (seconds or an HTTP date), when it sent one. */
    readonly retryAfterMs: number | undefined,
  ) {
    super(message);
    this.name = 'VendorError';
  }
}

/** Maps an HTTP status to the error class (DESIGN section 9: auth, permission, not found, rate limit, transient, validation). */
export function classifyStatus(status: number): { code: VendorErrorCode; retryable: boolean } {
  if (status === 401) return { code: 'auth_required', retryable: false };
  if (status === 403) return { code: 'permission_denied', retryable: false };
  if (status === 404 || status === 410) return { code: 'not_found', retryable: false };
  if (status === 429) return { code: 'rate_limited', retryable: true };
  if (status >= 500) return { code: 'vendor_unavailable', retryable: true };
  if (status === 400 || status === 409 || status === 422) return { code: 'validation_error', retryable: false };
  return { code: 'vendor_error', retryable: false };
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now: Date): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}

/**
 * True when the SSRF guard refused the request, wherever a client library wrapped the refusal:
 * the URL check (`RefusedUrlError`) or the connect-time lookup (`ERR_PRIVATE_ADDRESS`). A refusal
 * is a setting to fix, never a fault to retry.
 */
export function refusedByGuard(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && typeof cause === 'object' && depth < 6; cause = (cause as { cause?: unknown }).cause, depth += 1) {
    const { name, code } = cause as { name?: string; code?: unknown };
    if (name === 'RefusedUrlError' || name === 'PrivateAddressError' || code === 'ERR_PRIVATE_ADDRESS') return true;
  }
  return false;
}

/**
 * A failed call of a vendor's client library as a `VendorError`. `status` is the HTTP status when
 * the vendor answered (with its Retry-After header, if any); without one the call never got an
 * answer: a refusal of the SSRF guard (validation, not retried) or a network fault (retried).
 */
export function vendorErrorOf(vendor: string, failure: { status?: number | undefined; retryAfter?: string | null | undefined; message: string; error: unknown }, now: Date): VendorError {
  if (failure.error instanceof VendorError) return failure.error;
  if (failure.status !== undefined && failure.status > 0) {
    const { code, retryable } = classifyStatus(failure.status);
    return new VendorError(code, `${vendor} answered HTTP ${failure.status}: ${failure.message.slice(0, 300)}`, failure.status, retryable, retryAfterMs(failure.retryAfter ?? null, now));
  }
  const refused = refusedByGuard(failure.error);
  return new VendorError(refused ? 'validation_error' : 'vendor_unavailable', `${vendor}: ${failure.message.slice(0, 300)}`, undefined, !refused, undefined);
}

export interface VendorRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query?: Record<string, string | number | undefined>;
  /** Sent as JSON. */
  json?: unknown;
  headers?: Record<string, string>;
  /** Sent as is (e.g. a multipart upload); set its content-type in `headers`. */
  body?: string;
  /** Called with the response headers of a successful call (ids some vendors send only there). */
  onHeaders?: (headers: Headers) => void;
}

/**
 * A small JSON client over the guarded fetch for one vendor API: base URL, auth headers, and the
 * error classification. For vendors whose client cannot be put on the SSRF guard, or whose
 * client would lose part of the answer (network, cms, wiki, analytics; see docs/integrations.md).
 */
export function vendorHttp(context: PluginContext, options: { vendor: string; baseUrl: string; headers: () => Record<string, string> }): VendorRequestFn {
  return async function request<T = unknown>(req: VendorRequest): Promise<T> {
    const url = new URL(options.baseUrl + req.path);
    for (const [key, value] of Object.entries(req.query ?? {})) if (value !== undefined) url.searchParams.set(key, String(value));
    let response: Response;
    try {
      response = await context.fetch(url, {
        method: req.method ?? 'GET',
        headers: { accept: 'application/json', ...(req.json !== undefined ? { 'content-type': 'application/json' } : {}), ...options.headers(), ...req.headers },
        ...(req.json !== undefined ? { body: JSON.stringify(req.json) } : req.body !== undefined ? { body: req.body } : {}),
      });
    } catch (error) {
      throw vendorErrorOf(options.vendor, { message: (error as Error).message, error }, context.clock.now());
    }
    const text = await response.text();
    if (!response.ok) {
      const { code, retryable } = classifyStatus(response.status);
      throw new VendorError(code, `${options.vendor} answered HTTP ${response.status}: ${vendorMessage(text)}`, response.status, retryable, retryAfterMs(response.headers.get('retry-after'), context.clock.now()));
    }
    req.onHeaders?.(response.headers);
    if (text === '') return undefined as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new VendorError('vendor_error', `${options.vendor} answered with a body that is not JSON`, response.status, false, undefined);
    }
  };
}

/** One request to the vendor, answered with its parsed JSON body as `T` (vendorHttp). */
export type VendorRequestFn = <T = unknown>(req: VendorRequest) => Promise<T>;

/** The vendor's own error text, short (never the request, which may carry a token). */
function vendorMessage(text: string): string {
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    const message = body.message ?? body.error_description ?? (body.errors as Array<{ message?: string }> | undefined)?.[0]?.message ?? body.errorMessages ?? body.error;
    return String(typeof message === 'object' ? JSON.stringify(message) : message).slice(0, 300);
  } catch {
    return text.slice(0, 300);
  }
}

/** The tool answer for a failed vendor call; the runner retries `retryable` ones, waiting `retry_after_ms`. */
export function vendorFailure(error: unknown) {
  const vendor = error instanceof VendorError ? error : new VendorError('vendor_error', (error as Error).message ?? String(error), undefined, false, undefined);
  const result: IntegrationActionResult = {
    status: 'failed',
    retryable: vendor.retryable,
    error_code: vendor.code,
    ...(vendor.retryAfterMs !== undefined ? { retry_after_ms: vendor.retryAfterMs } : {}),
  };
  return {
    isError: true,
    content: [{ type: 'text' as const, text: vendor.message }],
    structuredContent: { ...result },
  };
}

/** A read tool's answer: the JSON as text for the model and as `structuredContent` for clients. */
export function readResult(value: Record<string, unknown>) {
  return { content: [{ type: 'text' as const, text: JSON.stringify(value) }], structuredContent: value };
}
