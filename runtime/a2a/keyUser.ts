import type { User } from '@a2a-js/sdk/server';
import type { AuthenticatedKey } from '../auth/keyService.js';

/** The A2A SDK's caller: the crewd API key the request authenticated with (its workspace and scopes). */
export class KeyUser implements User {
  constructor(readonly key: AuthenticatedKey) {}
  get isAuthenticated(): boolean {
    return true;
  }
  get userName(): string {
    return this.key.keyId;
  }
}
