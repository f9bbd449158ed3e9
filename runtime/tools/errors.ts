import { InsufficientScopeError, SdkError, SdkErrorCode, SdkHttpError, UnauthorizedError } from '@modelcontextprotocol/client';
import type { ToolConnectionFailureReason } from '../../machines/toolConnection.js';
import { RefusedUrlError } from './guardedFetch.js';
import { PrivateAddressError } from '../webhooks/urlGuard.js';

export interface ClassifiedFailure {
  reason: ToolConnectionFailureReason | 'refused_url';
  retryable: boolean;
  message: string;
  /** HTTP status of the server's answer, when there was one. */
  status?: number;
}

function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = error;
  for (let i = 0; i < 6 && current; i++) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

/**
 * Classifies a failure of an MCP exchange where it happened (STYLE: failures are classified at
 * the throw). Network faults, timeouts and 5xx are transient; 401/403 need new credentials; a
 * 404 on a request carrying a session id means the 2025-generation session expired.
 */
export function classifyMcpError(error: unknown): ClassifiedFailure {
  const chain = causeChain(error);
  const message = String((error as Error)?.message ?? error).slice(0, 500);
  for (const item of chain) {
    if (item instanceof RefusedUrlError || item instanceof PrivateAddressError) return { reason: 'refused_url', retryable: false, message: (item as Error).message };
  }
  for (const item of chain) {
    // The SDK's OAuth ran and needs the user (a new authorization) or a wider grant it could not get.
    if (item instanceof UnauthorizedError || item instanceof InsufficientScopeError) return { reason: 'auth_required', retryable: false, message };
    if (item instanceof SdkHttpError || (item instanceof SdkError && typeof (item.data as { status?: unknown })?.status === 'number')) {
      const status = item instanceof SdkHttpError ? item.status : Number((item.data as { status: number }).status);
      if (status === 401 || status === 403) return { reason: 'auth_required', retryable: false, message: `the tool server answered HTTP ${status}`, status };
      if (status === 404) return { reason: 'session_expired', retryable: true, message: `the tool server answered HTTP 404`, status };
      if (status >= 500 || status === 429) return { reason: 'unreachable', retryable: true, message: `the tool server answered HTTP ${status}`, status };
      return { reason: 'protocol_error', retryable: false, message: `the tool server answered HTTP ${status}`, status };
    }
    if (item instanceof SdkError) {
      if (item.code === SdkErrorCode.ClientHttpAuthentication || item.code === SdkErrorCode.ClientHttpForbidden) return { reason: 'auth_required', retryable: false, message };
      if (item.code === SdkErrorCode.RequestTimeout) return { reason: 'timeout', retryable: true, message };
      if (item.code === SdkErrorCode.ConnectionClosed || item.code === SdkErrorCode.NotConnected || item.code === SdkErrorCode.SendFailed) {
        return { reason: 'closed', retryable: true, message };
      }
    }
  }
  for (const item of chain) {
    const code = (item as { code?: unknown })?.code;
    if (typeof code === 'string' && /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EPIPE|UND_ERR_.*|ENOENT)$/.test(code)) {
      return { reason: 'unreachable', retryable: true, message };
    }
    if (item instanceof TypeError && /fetch failed/.test(item.message)) return { reason: 'unreachable', retryable: true, message };
  }
  if (/timed? ?out/i.test(message)) return { reason: 'timeout', retryable: true, message };
  if (/ECONNREFUSED|fetch failed|socket|closed/i.test(message)) return { reason: 'unreachable', retryable: true, message };
  return { reason: 'protocol_error', retryable: false, message };
}
