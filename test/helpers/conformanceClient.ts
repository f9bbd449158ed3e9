import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { conformanceCli } from './conformance.js';
import { startServer, type TestServer } from './server.js';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

export interface ScenarioResult {
  passed: number;
  total: number;
  failed: number;
  warnings: number;
  /** The suite's lines naming a failed check or a warning, and what the client said, for the assertion message. */
  problems: string[];
}

/** The one crewd a test file's scenarios run against, and the address where its tool service takes a call. */
export interface ConformanceCrewd {
  server: TestServer;
  callUrl: string;
  close(): Promise<void>;
}

/**
 * crewd as the suite's client scenarios need it: private URLs allowed (the scenario servers are
 * local) and, as behind a TLS-terminating proxy, an https public URL, so that crewd offers its
 * client ID metadata document (the browser's return to it is followed to the local address).
 * auth/basic-cimd's authorization server expects the document the suite's reference client
 * publishes, so that is the one configured. Beside it, a loopback endpoint where the client
 * (./conformanceCommand.ts) has crewd's tool service call a connection's first tool, as an agent
 * of an outcome would: the test's stand-in for an outcome whose agent picks that tool.
 */
export async function startConformanceCrewd(): Promise<ConformanceCrewd> {
  const server = await startServer({ CREWD_PUBLIC_URL: 'https://crewd.conformance.test', CREWD_MCP_CLIENT_METADATA_URL: 'https://conformance-test.local/client-metadata.json' });
  const { tools } = server.runtime;
  const calls = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      void (async () => {
        const { connection_id: connectionId } = JSON.parse(body || '{}') as { connection_id?: string };
        const [tool] = tools.connections.catalogOf(connectionId ?? '')?.catalog.tools ?? [];
        const result = tool ? await tools.service.call(server.workspaceId, tool.model_name, {}, { agentName: 'ConformanceClient', outcomeId: 'conformance' }) : undefined;
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ call: tool && result ? { tool: tool.name, isError: result.isError, content: result.content } : null }));
      })().catch((error: unknown) => response.writeHead(500).end(String(error)));
    });
  });
  await new Promise<void>((resolve) => calls.listen(0, '127.0.0.1', resolve));
  return {
    server,
    callUrl: `http://127.0.0.1:${(calls.address() as AddressInfo).port}/call`,
    async close() {
      await new Promise((resolve) => calls.close(resolve));
      await server.close();
    },
  };
}

/**
 * Runs one client scenario of the suite on Node 22 against crewd's tool-connection client: the
 * suite appends its scenario server's URL to the command (./conformanceCommand.ts), which drives
 * `crewd` (started once per test file by `startConformanceCrewd`). The scenario's connection is
 * ended afterwards, as a user would once done, so that nothing of it outlives its server.
 */
export async function runClientScenario(scenario: string, crewd: ConformanceCrewd): Promise<ScenarioResult> {
  // The suite's one installer (test/helpers/conformance.ts) gives its entry and the Node 22 it runs on.
  const { node, bin: cli } = await conformanceCli();
  // In `npm test`'s transpiled tree (build/tree) the command's JavaScript is beside this file.
  const compiled = path.join(import.meta.dirname, 'conformanceCommand.js');
  const command = fs.existsSync(compiled) ? `${process.execPath} ${compiled}` : `${process.execPath} --import tsx ${path.join(import.meta.dirname, 'conformanceCommand.ts')}`;
  const { server } = crewd;
  const env = { ...process.env, NO_COLOR: '1', CREWD_URL: server.url, CREWD_API_KEY: server.key, CREWD_WORKSPACE_ID: server.workspaceId, CREWD_CONFORMANCE_CALL_URL: crewd.callUrl };
  const output = await run(node, [cli, 'client', '--command', command, '--scenario', scenario, '--timeout', '120000'], { cwd: root, timeout: 240_000, maxBuffer: 16 * 1024 * 1024, env }).then(
    ({ stdout, stderr }) => stdout + stderr,
    (error: { stdout?: string; stderr?: string }) => `${error.stdout ?? ''}${error.stderr ?? ''}`,
  );
  const listed = await server.call('GET', `/api/mcp/connections?workspace_id=${server.workspaceId}`);
  for (const connection of (listed.body?.connections ?? []) as Array<{ id: string; connection_status: string }>) {
    if (connection.connection_status !== 'disconnected') await server.call('DELETE', `/api/mcp/disconnect/${connection.id}?workspace_id=${server.workspaceId}`);
  }
  // eslint-disable-next-line no-control-regex
  const plain = output.replace(/\u001b\[[0-9;]*m/g, '');
  const summary = /Passed: (\d+)\/(\d+), (\d+) failed, (\d+) warnings/.exec(plain);
  return {
    passed: Number(summary?.[1] ?? 0),
    total: Number(summary?.[2] ?? 0),
    failed: Number(summary?.[3] ?? 1),
    warnings: Number(summary?.[4] ?? 0),
    problems: plain.split('\n').filter((line) => /FAILURE|WARNING|Client exited|timed out|conformance client:/.test(line)).slice(0, 12),
  };
}
