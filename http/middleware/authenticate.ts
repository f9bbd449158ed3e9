import type { KeyService } from '../../runtime/auth/keyService.js';
import { authenticateBearer, authenticateBearerCached } from '../bearer.js';
import type { RequestContext } from '../context.js';

/**
 * Reads `Authorization: Bearer <API_KEY>` and records either the key or why there is none. It does
 * not refuse: the rate limiter must count the request first, and public routes need no key.
 * Returns a promise only when the key's verdict needs a database read.
 */
export function authenticator(keys: KeyService): (ctx: RequestContext) => void | Promise<void> {
  return (ctx) => {
    const header = ctx.get('Authorization') || undefined;
    const known = authenticateBearerCached(keys, header);
    if (known) {
      if (known.ok) ctx.state.auth = known.key;
      else ctx.state.authFailure = known.reason;
      return;
    }
    return authenticateBearer(keys, header).then((result) => {
      if ('key' in result) ctx.state.auth = result.key;
      else ctx.state.authFailure = result.failure;
    });
  };
}
