import type { Tool } from '@modelcontextprotocol/client';
import type { Logger } from 'pino';
import type { McpSession } from './session.js';

/**
 * Re-reads a live session's tool list (on `notifications/tools/list_changed`, an expired `ttlMs`
 * or new plugin settings) and stores it. Concurrent refreshes share one request; a failure is
 * logged and leaves the previous catalog in place.
 */
export function createCatalogRefresher(deps: {
  connectionId: string;
  session: () => McpSession | undefined;
  storeCatalog: (tools: Tool[], ttlMs: number | null, initial: boolean) => Promise<void>;
  logger: Logger;
}) {
  let refreshing: Promise<void> | undefined;
  return async function refreshCatalog(): Promise<void> {
    const current = deps.session();
    if (!current) return;
    refreshing ??= (async () => {
      try {
        const { tools, ttlMs } = await current.listTools();
        await deps.storeCatalog(tools, ttlMs, false);
      } catch (error) {
        deps.logger.warn({ connection_id: deps.connectionId, err: error }, 'tool catalog refresh failed');
      } finally {
        refreshing = undefined;
      }
    })();
    return refreshing;
  };
}
