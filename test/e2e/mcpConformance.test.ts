import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { conformanceCli, conformanceVersion } from '../helpers/conformance.js';
import { startServer, tempDir, type TestServer } from '../helpers/server.js';

const run = promisify(execFile);

/**
 * The official suite's server scenarios that apply to crewd's /mcp (docs/mcp-server.md lists the
 * others with the reason). `server-sse-polling` calls a tool of the suite's reference server on a
 * 2025-03-26 session, so only its warnings can show; it must report no failure.
 */
const scenarios = ['server-initialize', 'ping', 'tools-list', 'resources-list', 'logging-set-level', 'server-sse-multiple-streams', 'dns-rebinding-protection', 'server-sse-polling'];
const informational = new Set(['server-sse-polling']);

type Check = { id: string; status: string; description?: string; errorMessage?: string };

/** A loopback proxy that adds the bearer key: the suite's server command takes only a URL. Everything else passes untouched (Origin and Host included). */
async function keyProxy(server: TestServer): Promise<{ url: string; close(): Promise<void> }> {
  const target = new URL(server.url);
  const proxy = http.createServer((request, response) => {
    const upstream = http.request({ host: target.hostname, port: target.port, path: request.url, method: request.method, headers: { ...request.headers, authorization: `Bearer ${server.key}` } }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on('error', () => response.destroy());
    response.on('close', () => upstream.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/mcp`,
    close: () => new Promise<void>((resolve) => {
      proxy.closeAllConnections();
      proxy.close(() => resolve());
    }),
  };
}

/** The checks one scenario recorded (the CLI writes them to `<out>/<scenario dir>/checks.json`). */
function checksOf(outDir: string): Check[] {
  const found = fs.readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('checks.json'));
  return found.flatMap((file) => JSON.parse(fs.readFileSync(path.join(outDir, file), 'utf8')) as Check[]);
}

test(`the official MCP conformance suite (${conformanceVersion}) passes its server scenarios that apply to /mcp`, async (t) => {
  t.timeout(300_000);
  // Installed on demand on Node 22 (no project dependency); a failed install fails the test.
  const { node, bin } = await conformanceCli();
  const server = await startServer();
  t.teardown(() => server.close());
  const proxy = await keyProxy(server);
  t.teardown(() => proxy.close());
  const out = tempDir('crewd-conformance-');
  t.teardown(() => fs.rmSync(out, { recursive: true, force: true }));

  for (const scenario of scenarios) {
    const dir = path.join(out, scenario);
    const ran = await run(node, [bin, 'server', '--url', proxy.url, '--scenario', scenario, '-o', dir], { timeout: 90_000, maxBuffer: 16 * 1024 * 1024 }).then(
      () => ({ code: 0, output: '' }),
      (error: { code?: number; stdout?: string; stderr?: string }) => ({ code: error.code ?? 1, output: `${error.stdout ?? ''}${error.stderr ?? ''}` }),
    );
    const checks = checksOf(dir);
    const failed = checks.filter((check) => check.status === 'FAILURE');
    const warned = checks.filter((check) => check.status === 'WARNING');
    t.log(`${scenario}: ${checks.filter((check) => check.status === 'SUCCESS').length} passed, ${failed.length} failed, ${warned.length} warnings${warned.length ? ` (${warned.map((check) => check.id).join(', ')})` : ''}`);
    t.deepEqual(failed.map((check) => `${check.id}: ${check.errorMessage ?? check.description}`), [], `${scenario} failed`);
    t.is(ran.code, 0, `${scenario} exited ${ran.code}: ${ran.output.slice(-2000)}`);
    if (!informational.has(scenario)) t.true(checks.some((check) => check.status === 'SUCCESS'), `${scenario} recorded no passing check`);
  }
});
