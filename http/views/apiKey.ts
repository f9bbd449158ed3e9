import type { ApiKeyRow } from '../../storage/repositories/apiKeys.js';

/** The public shape of a key: never its secret or hash. */
export function apiKeyView(row: ApiKeyRow, lastUsed: string | null) {
  return {
    key_id: row.id,
    name: row.name,
    permissions: row.permissions,
    prefix: row.prefix,
    created_at: row.created_at,
    last_used_at: lastUsed,
    expires_at: row.expires_at,
  };
}
