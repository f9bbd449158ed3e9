import { errors, ServiceError } from '../errors.js';
import { CatalogCollisionError } from './catalogCollisionError.js';
import type { ConnectRequest } from './connectRequest.js';
import type { ClassifiedFailure } from './errors.js';

/**
 * A tool server's failure answered as 502/504. Unlike a 5xx of our own it is shown to the client
 * (it says which upstream failed and why, and carries no internals of the service).
 */
class UpstreamError extends ServiceError {
  override readonly expose: boolean = true;
}

/**
 * The answer to a connect whose first attempt failed: a name collision is 409, a refused URL or
 * refused credentials 400, a timeout 504, anything else the server did 502 — never a 500.
 */
export function connectError(failure: ClassifiedFailure | CatalogCollisionError | undefined, target: ConnectRequest): ServiceError {
  if (failure instanceof CatalogCollisionError) {
    return errors.conflict('tool_name_collision', `The server's tools would collide with tools of another connection: ${failure.names.join(', ')}.`, { names: failure.names });
  }
  const details = { server_type: target.server_type, server_name: target.server_name, reason: failure?.reason ?? 'unknown', last_error: failure?.message ?? null };
  if (failure?.reason === 'refused_url') return errors.invalidRequest(`params.url is not allowed: ${failure.message}`, { ...details, field: 'params.url' });
  if (failure?.reason === 'auth_required') return new ServiceError(400, 'tool_auth_failed', 'The tool server refused the credentials (HTTP 401/403); send valid credentials.', details);
  if (failure?.reason === 'timeout') return new UpstreamError(504, 'tool_server_timeout', 'The tool server did not answer in time.', details);
  if (failure?.reason === 'unreachable' || failure?.reason === 'closed') return new UpstreamError(502, 'tool_server_unreachable', 'The tool server could not be reached.', details);
  return new UpstreamError(502, 'tool_server_error', 'The tool server did not speak MCP as expected.', details);
}
