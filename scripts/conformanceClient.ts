/**
 * The MCP conformance suite's client under test (`conformance client --command ...`): crewd's own
 * tool-connection code, end to end. It starts crewd (a temporary SQLite data directory, on a free
 * loopback port, private URLs allowed since the scenario server is local), connects the scenario's
 * server (the last argument) as a custom tool connection with `auth: "oauth"`, follows the
 * authorization URL as a user's browser would (the scenario's authorization server approves at
 * once and redirects to crewd's callback), and calls a tool. `MCP_CONFORMANCE_CONTEXT` may carry a
 * pre-registered client (`client_id`, `client_secret`). Exit code 0 when the connection ended
 * `connected` and the call answered; messages go to stderr.
 *
 *   node --import tsx scripts/conformanceClient.ts http://127.0.0.1:PORT/mcp
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRuntime } from '../app/createRuntime.js';
import { loadConfig } from '../runtime/config.js';
import { createLogger } from '../runtime/logger.js';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

function fail(message: string): never {
  process.stderr.write(`conformance client: ${message}\n`);
  process.exit(1);
}

const serverUrl = process.argv.at(-1);
if (!serverUrl?.startsWith('http')) fail('usage: conformanceClient.ts <server url>');
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as { client_id?: string; client_secret?: string };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crewd-conformance-client-'));
const port = await freePort();
const key = `crew_sk_conformance${Math.random().toString(36).slice(2).padEnd(20, 'x')}`;
const config = loadConfig({
  ...process.env,
  CREWD_DATA_DIR: dataDir,
  CREWD_BOOTSTRAP_KEY: key,
  CREWD_ALLOW_PRIVATE_URLS: '1',
  CREWD_LOG_LEVEL: process.env.CREWD_LOG_LEVEL ?? 'silent',
  // As behind a TLS-terminating proxy: an https public URL lets crewd offer its client ID metadata
  // document; the browser's return to it is followed to the local address (only path and query matter).
  CREWD_PUBLIC_URL: process.env.CREWD_PUBLIC_URL ?? 'https://crewd.conformance.test',
  // auth/basic-cimd's authorization server expects the client ID metadata document the suite's
  // reference client publishes; crewd's own would be CREWD_PUBLIC_URL/api/mcp/oauth/client-metadata.json.
  CREWD_MCP_CLIENT_METADATA_URL: process.env.CREWD_MCP_CLIENT_METADATA_URL ?? 'https://conformance-test.local/client-metadata.json',
  PORT: String(port),
  HOST: '127.0.0.1',
});
const runtime = await createRuntime(config, { logger: createLogger(config.logLevel) });
let exitCode = 1;
try {
  const base = await runtime.listen();
  const workspace = (await runtime.repos.workspaces.findByName('default'))!;
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const body = {
    server_type: 'custom',
    server_name: 'conformance',
    auth: 'oauth',
    params: { url: serverUrl },
    ...(context.client_id ? { oauth: { client_id: context.client_id, ...(context.client_secret ? { client_secret: context.client_secret } : {}) } } : {}),
  };
  const connect = await fetch(`${base}/api/mcp/connect?workspace_id=${workspace.id}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const answer = (await connect.json()) as { status?: string; authorization_url?: string; connection_id?: string; error?: unknown };
  process.stderr.write(`connect: HTTP ${connect.status} ${JSON.stringify(answer).slice(0, 500)}\n`);
  /**
   * The user's browser: the scenario's authorization server approves and redirects to crewd's
   * callback, which may ask for one more consent (scope step-up); at most three rounds.
   */
  async function authorize(first: string): Promise<boolean> {
    let next: string | undefined = first;
    let done = false;
    for (let round = 0; next && round < 3; round += 1) {
      const consent = await fetch(next, { redirect: 'manual' });
      const location = consent.headers.get('location');
      if (!location) fail(`the authorization server answered HTTP ${consent.status} without a redirect`);
      const back = new URL(location);
      const callback = await fetch(`${base}${back.pathname}${back.search}`, { headers: { accept: 'application/json' } });
      const settled = (await callback.json()) as { status?: string; authorization_url?: string };
      process.stderr.write(`callback: HTTP ${callback.status} ${JSON.stringify(settled).slice(0, 500)}\n`);
      done = callback.status === 200 && settled.status === 'connected';
      next = settled.status === 'auth_required' ? settled.authorization_url : undefined;
    }
    return done;
  }
  const connected = connect.status === 201 || (connect.status === 202 && answer.authorization_url !== undefined && (await authorize(answer.authorization_url)));
  if (!connected) fail('the connection did not end connected');
  const [tool] = runtime.tools.connections.catalogOf(answer.connection_id ?? '')?.catalog.tools ?? [];
  if (tool) {
    const callTool = () => runtime.tools.service.call(workspace.id, tool.model_name, {}, { agentName: 'ConformanceClient', outcomeId: 'conformance' });
    let result = await callTool();
    process.stderr.write(`call ${tool.name}: ${result.isError ? 'error' : 'ok'} ${result.content.slice(0, 200)}\n`);
    if (result.isError) {
      // A step-up (403 insufficient_scope): the connection lists the new authorization URL.
      const list = await fetch(`${base}/api/mcp/connections?workspace_id=${workspace.id}`, { headers });
      const listed = (await list.json()) as { connections: Array<{ id: string; authorization_url?: string }> };
      const url = listed.connections.find((c) => c.id === answer.connection_id)?.authorization_url;
      if (url && (await authorize(url))) {
        result = await callTool();
        process.stderr.write(`call ${tool.name} after step-up: ${result.isError ? 'error' : 'ok'} ${result.content.slice(0, 200)}\n`);
      }
    }
  }
  exitCode = 0;
} finally {
  await runtime.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
