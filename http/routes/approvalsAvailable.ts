import { ServiceError } from '../../runtime/errors.js';
import type { HttpDeps } from '../deps.js';

/**
 * The approvals of this process (decisions and the link signer), or a 503: a process built without
 * them (admin commands, a bare test runtime) refuses every route that decides an action, and says so.
 */
export function availableApprovals(deps: Pick<HttpDeps, 'approvals'>): NonNullable<HttpDeps['approvals']> {
  if (!deps.approvals) throw new ServiceError(503, 'service_unavailable', 'Approvals are not available on this process.');
  return deps.approvals;
}
