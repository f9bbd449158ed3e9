import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { inspectorCli, node22 } from '../helpers/node22.js';
import { startServer, tempDir } from '../helpers/server.js';

const run = promisify(execFile);

test('the MCP Inspector command line lists crewd tools over /mcp with the API key', async (t) => {
  // The Inspector declares Node >= 22.19: it runs on Node 22, installed outside the project.
  const [node, inspector] = await Promise.all([node22(), inspectorCli()]);
  const server = await startServer();
  t.teardown(() => server.close());
  const home = tempDir('crewd-inspector-');
  t.teardown(() => fs.rmSync(home, { recursive: true, force: true }));
  // Its catalog goes to a throwaway file, never the user's ~/.mcp-inspector.
  const env = { ...process.env, HOME: home, MCP_CATALOG_PATH: path.join(home, 'mcp.json') };
  const { stdout, stderr } = await run(node, [inspector, '--cli', `${server.url}/mcp`, '--method', 'tools/list', '--header', `Authorization: Bearer ${server.key}`, '--strict'], { env, maxBuffer: 16 * 1024 * 1024 });
  const listed = JSON.parse(stdout) as { tools: Array<{ name: string; inputSchema: unknown; outputSchema?: unknown }> };
  t.deepEqual(listed.tools.map((tool) => tool.name).sort(), ['cancel_outcome', 'deploy_crew', 'get_outcome', 'list_outcomes', 'list_pending_actions', 'resolve_action', 'revise_outcome']);
  t.true(listed.tools.every((tool) => tool.outputSchema !== undefined));
  t.regex(stderr, /0 errors/);

  // Without the key the Inspector is refused (the service's 401), and says so with a failing exit.
  const refused = await run(node, [inspector, '--cli', `${server.url}/mcp`, '--method', 'tools/list'], { env }).then(
    () => undefined,
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
  t.truthy(refused, 'the Inspector must fail without a key');
  // (It reads the 401 as "authorization required" and, without a TTY, stops there.)
  t.regex(`${refused?.stdout}${refused?.stderr}`, /auth_required|401|nauthorized/);
});
