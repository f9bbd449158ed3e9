import type { ToolConnectionFailureReason } from '../../machines/toolConnection.js';
import { CatalogCollisionError } from './catalogCollisionError.js';
import { classifyMcpError, type ClassifiedFailure } from './errors.js';

/** A failed connect or a lost session, in the words the tool connection chart takes. */
export interface ConnectionFailure {
  /** What the connect answer reports to the user (see connectError). */
  cause: ClassifiedFailure | CatalogCollisionError;
  reason: ToolConnectionFailureReason;
  retryable: boolean;
  error: string;
}

/**
 * Classifies what broke a connection. A name collision and a refused URL are protocol errors to
 * the chart (neither is retried); everything else keeps the reason classifyMcpError gave it.
 */
export function connectionFailure(error: unknown): ConnectionFailure {
  if (error instanceof CatalogCollisionError) return { cause: error, reason: 'protocol_error', retryable: false, error: error.message };
  const failure = classifyMcpError(error);
  return { cause: failure, reason: failure.reason === 'refused_url' ? 'protocol_error' : failure.reason, retryable: failure.retryable, error: failure.message };
}
