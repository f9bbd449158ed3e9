import type { Scope } from '../../runtime/auth/scopes.js';

const read = new Set(['GetTask', 'SubscribeToTask', 'ListTasks', 'GetTaskPushNotificationConfig', 'ListTaskPushNotificationConfigs', 'tasks/get', 'tasks/resubscribe', 'tasks/list', 'tasks/pushNotificationConfig/get', 'tasks/pushNotificationConfig/list']);
const write = new Set(['CancelTask', 'CreateTaskPushNotificationConfig', 'DeleteTaskPushNotificationConfig', 'tasks/cancel', 'tasks/pushNotificationConfig/set', 'tasks/pushNotificationConfig/delete']);
const send = new Set(['SendMessage', 'SendStreamingMessage', 'message/send', 'message/stream']);

/**
 * The scope a JSON-RPC request needs, the same as the REST route doing the same thing: a message
 * that starts a task is a deploy (`crews:write`); one that names a task (its id or context id) is
 * a revision or a decision (`outcomes:write`); cancel is `outcomes:write`; reads are
 * `outcomes:read`. Methods of both A2A generations (1.0 and 0.3) are listed; any other method needs
 * only a valid key and is answered by the SDK (method not found, or the extended card refusal).
 */
export function scopeOfRpc(body: unknown): Scope | 'any' {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'any';
  const { method, params } = body as { method?: unknown; params?: { message?: { taskId?: unknown; contextId?: unknown; task_id?: unknown; context_id?: unknown } } };
  if (typeof method !== 'string') return 'any';
  if (read.has(method)) return 'outcomes:read';
  if (write.has(method)) return 'outcomes:write';
  if (!send.has(method)) return 'any';
  const message = params?.message;
  const continues = [message?.taskId, message?.contextId, message?.task_id, message?.context_id].some((id) => typeof id === 'string' && id !== '');
  return continues ? 'outcomes:write' : 'crews:write';
}
