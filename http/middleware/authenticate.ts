import type { AuthenticatedKey, KeyService } from '../../runtime/auth/keyService.js';
import { authenticateBearer, authenticateBearerCached, secretOf } from '../bearer.js';
import type { RequestContext } from '../context.js';

/**
 * Reads `Authorization: Bearer <API_KEY>` and records either the key or why there is none. It does
 * not refuse: the rate limiter must count the request first, and public routes need no key.
 * Returns a promise only when the key's verdict needs a database read.
 */
/** OAuth access tokens another issuer hands out (crewd's authorization server for /mcp). */
export interface BearerTokens {
  isAccessToken(secret: string): boolean;
  authenticate(token: string, host: string, path: string): Promise<AuthenticatedKey | undefined>;
}

export function authenticator(keys: KeyService, tokens?: BearerTokens): (ctx: RequestContext) => void | Promise<void> {
  return (ctx) => {
    const header = ctx.get('Authorization') || undefined;
    const secret = header ? secretOf(header) : undefined;
    if (tokens && secret && tokens.isAccessToken(secret)) {
      return tokens.authenticate(secret, ctx.host, ctx.path).then((key) => {
        if (key) ctx.state.auth = key;
        else ctx.state.authFailure = 'access_token_invalid';
      });
    }
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
