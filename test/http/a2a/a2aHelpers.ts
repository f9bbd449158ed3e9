import { Role, type Message, type Part, type SendMessageRequest } from '@a2a-js/sdk';
import { ClientFactory, ClientFactoryOptions, JsonRpcTransportFactory, type Client } from '@a2a-js/sdk/client';

/** fetch that sends a crewd key (or none) on every request, as an A2A client configured with a bearer token does. */
export function keyFetch(key: string | null): typeof fetch {
  return (input, init) => {
    const headers = new Headers(init?.headers);
    if (key) headers.set('Authorization', `Bearer ${key}`);
    return fetch(input, { ...init, headers });
  };
}

/** The SDK's own client for one of crewd's agents, found through its card (`/a2a/{crew}/`). */
export async function a2aClient(baseUrl: string, key: string | null, agentPath = '/a2a/writer/'): Promise<Client> {
  const fetchImpl = keyFetch(key);
  const factory = new ClientFactory(ClientFactoryOptions.createFrom(ClientFactoryOptions.default, { transports: [new JsonRpcTransportFactory({ fetchImpl })] }));
  return factory.createFromUrl(`${baseUrl}${agentPath}`);
}

export const textPart = (value: string): Part => ({ content: { $case: 'text', value }, metadata: undefined, filename: '', mediaType: 'text/plain' });
export const dataPart = (value: Record<string, unknown>): Part => ({ content: { $case: 'data', value }, metadata: undefined, filename: '', mediaType: 'application/json' });

let counter = 0;

/** A user message; `taskId` continues a task. */
export function userMessage(parts: Part[], options: { taskId?: string; metadata?: Record<string, unknown> } = {}): Message {
  counter += 1;
  return { messageId: `msg-${process.pid}-${counter}`, contextId: options.taskId ?? '', taskId: options.taskId ?? '', role: Role.ROLE_USER, parts, metadata: options.metadata, extensions: [], referenceTaskIds: [] };
}

/** A SendMessage request; `returnImmediately` answers with the working task instead of waiting. */
export function sendRequest(message: Message, returnImmediately = false): SendMessageRequest {
  return { tenant: '', message, configuration: { acceptedOutputModes: [], taskPushNotificationConfig: undefined, returnImmediately }, metadata: undefined };
}

export function textOfParts(parts: Part[]): string {
  return parts.flatMap((part) => (part.content?.$case === 'text' ? [part.content.value] : [])).join('\n');
}

export function dataOfParts(parts: Part[]): Record<string, any> {
  return Object.assign({}, ...parts.flatMap((part) => (part.content?.$case === 'data' ? [part.content.value] : [])));
}
