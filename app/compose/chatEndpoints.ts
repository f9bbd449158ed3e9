import { ChatServiceError } from '../../plugins/chat/chatServiceError.js';
import type { ChatEndpoints, ChatService } from '../../plugins/chat/chatService.js';
import type { PluginContext } from '../../plugins/contract.js';
import { ServiceError } from '../../runtime/errors.js';

/** A chat endpoint failure whose message the caller may see even at 502 (it names the chat tool, no internals). */
class ExposedServiceError extends ServiceError {
  override readonly expose: boolean = true;
}

function serviceErrorOf(error: unknown): unknown {
  if (!(error instanceof ChatServiceError)) return error;
  const Kind = error.expose && error.status >= 500 ? ExposedServiceError : ServiceError;
  return new Kind(error.status, error.code, error.message, error.details, error.headers);
}

/**
 * The chat plugin's service as the /api/chat routes call it: by workspace id. Each call gets the
 * chat plugin's context of that workspace from the plugin host (its knowledge base and durable
 * runs), and the plugin's ChatServiceErrors become the service's errors (spec error shape).
 */
export function chatEndpoints(service: ChatService, contextOf: (workspaceId: string) => Promise<PluginContext>): ChatEndpoints {
  const bound = Object.fromEntries(
    Object.entries(service).map(([name, method]) => [
      name,
      async (workspaceId: string, ...rest: unknown[]) => {
        try {
          return await (method as (context: PluginContext, ...args: unknown[]) => Promise<unknown>)(await contextOf(workspaceId), ...rest);
        } catch (error) {
          throw serviceErrorOf(error);
        }
      },
    ]),
  );
  return bound as ChatEndpoints;
}
