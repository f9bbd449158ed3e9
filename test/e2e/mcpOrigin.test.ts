import test from 'ava';
import { startServer, type TestServer } from '../helpers/server.js';

type Structured = Record<string, any>;

const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'origin-test', version: '1' } } };
const discover = {
  jsonrpc: '2.0',
  id: 1,
  method: 'server/discover',
  params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientInfo': { name: 'origin-test', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} } },
};

/** One POST to /mcp with the key, the headers each generation needs, and the given Origin. */
async function post(server: TestServer, body: Structured, headers: Record<string, string>) {
  const modern: Record<string, string> = body.params._meta ? { 'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': String(body.method) } : { 'MCP-Protocol-Version': '2025-11-25' };
  const response = await fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', Authorization: `Bearer ${server.key}`, ...modern, ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, text };
}

test('/mcp refuses a page of another origin (DNS rebinding) on both generations, and answers localhost', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  for (const body of [initialize, discover]) {
    const rebound = await post(server, body, { Origin: 'http://evil.example.com' });
    t.is(rebound.status, 403, rebound.text);
    const error = (JSON.parse(rebound.text) as Structured).error;
    t.is(error.code, 'origin_not_allowed');
    t.regex(error.message, /evil\.example\.com/);
    t.regex(error.message, /CREWD_MCP_ALLOWED_ORIGINS/);
    // The opaque origin of a sandboxed page is refused too.
    t.is((await post(server, body, { Origin: 'null' })).status, 403);
    // A page of the server's own localhost origin, and a client that sends no Origin, are answered.
    const local = await post(server, body, { Origin: server.url });
    t.is(local.status, 200, local.text);
    t.is((await post(server, body, {})).status, 200);
  }
});

test('CREWD_MCP_ALLOWED_ORIGINS and CREWD_PUBLIC_URL name the other origins /mcp answers', async (t) => {
  const server = await startServer({ CREWD_MCP_ALLOWED_ORIGINS: 'app.example.com, [::1]', CREWD_PUBLIC_URL: 'https://crewd.example.org' });
  t.teardown(() => server.close());
  t.is((await post(server, initialize, { Origin: 'https://app.example.com' })).status, 200);
  t.is((await post(server, initialize, { Origin: 'https://crewd.example.org' })).status, 200);
  t.is((await post(server, initialize, { Origin: 'https://other.example.com' })).status, 403);
});

test('a malformed CREWD_MCP_ALLOWED_ORIGINS stops the start with the variable named', async (t) => {
  await t.throwsAsync(() => startServer({ CREWD_MCP_ALLOWED_ORIGINS: 'https://app.example.com/' }), { message: /CREWD_MCP_ALLOWED_ORIGINS: expected comma-separated hostnames/ });
});
