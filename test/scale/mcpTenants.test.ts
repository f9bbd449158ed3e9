import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { ExecutionContext } from 'ava';
import { scopes } from '../../runtime/auth/scopes.js';
import { postgresTest } from '../helpers/postgres.js';
import { startCluster } from './cluster.js';

type Structured = Record<string, any>;

async function modernClient(t: ExecutionContext, url: string, key: string) {
  const client = new Client({ name: 'crewd-scale-tenants', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } } as never);
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }));
  t.teardown(() => client.close());
  return client;
}

postgresTest('two processes on Postgres: another workspace cannot listen to an outcome it does not own, and its flood of sessions leaves the first workspace session open', async (t) => {
  const cluster = await startCluster(0);
  t.teardown(() => cluster.close());
  const a = await cluster.start();
  const b = await cluster.start();

  // The default workspace's outcome, deployed through process A, and its session on A.
  const owner = await modernClient(t, a.url, cluster.key);
  const outcome = (await owner.callTool({ name: 'deploy_crew', arguments: { crew: 'writer', brief: 'Write a short article about composting in small city apartments.' } })).structuredContent as Structured;
  t.is(outcome.status, 'completed');
  const uri = `crewd://outcomes/${outcome.id}`;
  const legacy = new LegacyClient({ name: 'crewd-scale-legacy', version: '1.0.0' });
  await legacy.connect(new LegacyTransport(new URL(`${a.url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${cluster.key}` } } }));
  t.teardown(() => legacy.close());

  // Another workspace, with three all-scope keys, on both processes.
  const other = await cluster.workspace({ rpm: 100_000 });
  const keys = [other.key, ...(await cluster.admin((runtime) => Promise.all([1, 2].map(async (i) => (await runtime.keys.create({ workspaceId: other.id, name: `flood ${i}`, permissions: [...scopes], expiresAt: null })).secret))))];
  for (const node of [a, b]) {
    const stranger = await modernClient(t, node.url, other.key);
    await t.throwsAsync(() => stranger.listen({ resourceSubscriptions: [uri] }), { message: /is not an outcome of this workspace/ });
  }

  let refused = 0;
  for (let round = 0; round < 1002; round += 25) {
    await Promise.all(
      Array.from({ length: 25 }, async (_, i) => {
        const response = await fetch(`${a.url}/mcp`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', Authorization: `Bearer ${keys[(round + i) % 3]}` },
          body: JSON.stringify({ jsonrpc: '2.0', id: round + i, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'flood', version: '1' } } }),
        });
        if (response.status === 429) refused += 1;
        await response.text();
      }),
    );
  }
  t.true(refused > 0, 'the flooding workspace met its own cap');
  t.is((await legacy.listTools()).tools.length, 7, "the first workspace's session still answers");
});
