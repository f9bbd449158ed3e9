import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { keepIdleConnections } from '../helpers/keepIdleConnections.js';

export interface Reply {
  status: number;
  body: unknown;
}

/** A Chat Completions endpoint on 127.0.0.1 that records request bodies and answers from a script. */
export async function startChatServer(script: (requestIndex: number, body: Record<string, unknown>) => Reply | Promise<Reply>) {
  const requests: Array<Record<string, unknown>> = [];
  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
    requests.push({ ...body, _path: request.url, _auth: request.headers.authorization });
    const reply = await script(requests.length - 1, body);
    response.writeHead(reply.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(reply.body));
  });
  keepIdleConnections(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export function completion(message: Record<string, unknown>, finishReason = 'stop'): Reply {
  return {
    status: 200,
    body: {
      id: 'chatcmpl-test',
      object: 'chat.completion',
      created: 0,
      model: 'test-model',
      choices: [{ index: 0, message: { role: 'assistant', content: null, ...message }, finish_reason: finishReason, logprobs: null }],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    },
  };
}

export function failure(status: number, message: string): Reply {
  return { status, body: { error: { message, type: 'test_error', code: null } } };
}
