import { A2AError, RequestMalformedError, TaskNotCancelableError, TaskNotFoundError, UnsupportedOperationError } from '@a2a-js/sdk/errors';
import { ServiceError } from '../errors.js';

/**
 * A refusal of the engine (a ServiceError) in A2A's words, so the SDK's transport answers it as the
 * matching JSON-RPC error with crewd's code in the error info's metadata: 404 is TaskNotFound, a
 * 409 of a cancel is TaskNotCancelable, other 409s (a revision of an outcome still working,
 * revisions used up, an action already decided) are UnsupportedOperation, 400 and 422 are
 * RequestMalformed (invalid params). Anything else keeps its message (402 credits, 429 capacity,
 * 503) as a generic A2A error. Errors that are not exposed are left alone: the transport logs them
 * and answers a generic internal error.
 */
export function a2aErrorOf(error: unknown, operation: 'cancel' | 'other' = 'other'): unknown {
  if (!(error instanceof ServiceError) || !error.expose) return error;
  const options = { message: error.message, metadata: { crewd_code: error.code, http_status: String(error.status) } };
  if (error.status === 404) return new TaskNotFoundError(options);
  if (error.status === 409) return operation === 'cancel' ? new TaskNotCancelableError(options) : new UnsupportedOperationError(options);
  if (error.status === 400 || error.status === 422) return new RequestMalformedError(options);
  return new A2AError(options);
}

/** Runs `work`, turning the engine's refusals into A2A errors. */
export async function inA2aTerms<T>(work: () => Promise<T>, operation: 'cancel' | 'other' = 'other'): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw a2aErrorOf(error, operation);
  }
}
