import type { AuthenticatedKey } from '../../runtime/auth/keyService.js';
import type { CrewdMcpDeps } from '../../runtime/mcp/mcpDeps.js';
import { outcomeIdOfUri } from '../../runtime/mcp/outcomeUri.js';
import { requirePermission } from '../../runtime/mcp/permission.js';
import { capMessage, TenantCounter, type CapLimits } from '../../runtime/mcp/tenantCounter.js';

type ListenRequest = { jsonrpc: '2.0'; id: string | number; method: 'subscriptions/listen'; params?: { notifications?: { resourceSubscriptions?: unknown } } };
type JsonRpcError = { jsonrpc: '2.0'; id: string | number; error: { code: number; message: string } };

const invalidParams = -32602;
const internalError = -32603;
const settings = { key: 'CREWD_MCP_LISTENS_PER_KEY', workspace: 'CREWD_MCP_LISTENS_PER_WORKSPACE', process: 'CREWD_MCP_MAX_LISTENS' } as const;

/** Whether a parsed body is a 2026-07-28 `subscriptions/listen` request. */
export function isListenRequest(body: unknown): body is ListenRequest {
  return typeof body === 'object' && body !== null && (body as { method?: unknown }).method === 'subscriptions/listen' && 'id' in body;
}

/**
 * What the SDK's listen router does not check, checked before a `subscriptions/listen` reaches it:
 * the key may read outcomes (`outcomes:read`, like `resources/subscribe` and GET /v1/outcomes/{id}),
 * every subscribed URI is an outcome of the key's workspace, and the key and its workspace are
 * below their caps of open listens (so one tenant cannot use up the process's streams). An
 * admitted listen is counted until its stream ends (`release`).
 */
export function createListenGuard(deps: Pick<CrewdMcpDeps, 'outcomes'>, limits: CapLimits) {
  const counter = new TenantCounter(limits);
  const refuse = (message: ListenRequest, code: number, text: string): { refused: JsonRpcError } => ({ refused: { jsonrpc: '2.0', id: message.id, error: { code, message: text } } });

  return async function admit(principal: AuthenticatedKey, message: ListenRequest): Promise<{ refused: JsonRpcError } | { release: () => void }> {
    const uris = message.params?.notifications?.resourceSubscriptions;
    if (Array.isArray(uris) && uris.length > 0) {
      try {
        requirePermission(principal, 'outcomes:read', 'subscriptions/listen on outcome resources');
      } catch (error) {
        return refuse(message, invalidParams, (error as Error).message);
      }
      for (const uri of uris) {
        const id = typeof uri === 'string' ? outcomeIdOfUri(uri) : undefined;
        if (!id || !(await deps.outcomes.get(principal.workspace.id, id))) return refuse(message, invalidParams, `${String(uri)} is not an outcome of this workspace.`);
      }
    }
    const holder = { keyId: principal.keyId, workspaceId: principal.workspace.id };
    const refusal = counter.refusal(holder);
    if (refusal) return refuse(message, internalError, `Subscription limit reached. ${capMessage('subscriptions/listen streams', refusal, settings)}`);
    return { release: counter.hold(holder) };
  };
}
