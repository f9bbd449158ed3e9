/**
 * The MCP conformance suite's client under test (`conformance client --command ...`): crewd's own
 * tool-connection code, end to end. It starts crewd (a temporary SQLite data directory, on a free
 * loopback port, private URLs allowed since the scenario server is local), then does what
 * ./conformanceDriver.ts says with the scenario's server (the last argument): connects it with
 * `auth: "oauth"`, follows the authorization URL as a user's browser would, and calls a tool. The
 * test (test/runtime/tools/oauth/conformanceClient.test.ts) runs the same driver against one
 * crewd for all its scenarios (test/helpers/conformanceCommand.ts). `MCP_CONFORMANCE_CONTEXT` may carry a
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
import { driveScenario, type ConformanceContext } from './conformanceDriver.js';

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
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as ConformanceContext;
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
  await driveScenario({
    base,
    key,
    workspaceId: workspace.id,
    serverUrl,
    serverName: 'conformance',
    context,
    // As an agent of an outcome would: crewd's tool service calls the connection's first tool.
    async callTool(connectionId) {
      const [tool] = runtime.tools.connections.catalogOf(connectionId)?.catalog.tools ?? [];
      if (!tool) return undefined;
      const result = await runtime.tools.service.call(workspace.id, tool.model_name, {}, { agentName: 'ConformanceClient', outcomeId: 'conformance' });
      return { tool: tool.name, isError: result.isError, content: result.content };
    },
    log: (line) => process.stderr.write(`${line}\n`),
  });
  exitCode = 0;
} catch (error) {
  process.stderr.write(`conformance client: ${(error as Error).message}\n`);
} finally {
  await runtime.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
