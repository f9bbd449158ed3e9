import test, { type ExecutionContext } from 'ava';
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { definePlugin } from '../../../plugins/contract.js';
import { idempotencyMetaKey } from '../../../runtime/tools/toolJournal.js';
import { waitForOutcome } from '../../e2e/outcomesHelpers.js';
import { createPostgresDatabase, postgresTest } from '../../helpers/postgres.js';
import { startServer } from '../../helpers/server.js';

/** A plugin whose one search-like tool counts the calls it receives per idempotency key. */
function countingPlugin(byKey: Map<string, number>) {
  return definePlugin({
    manifest: { id: 'facts', kind: 'facts', displayName: 'Facts', version: '1.0.0', crews: ['writer', 'mind', 'pilot'], tools: ['facts_lookup'], flags: [], settingsSchema: { type: 'object', additionalProperties: false, properties: {} }, secrets: [] },
    register() {
      const server = new McpServer({ name: 'facts', version: '1.0.0' });
      server.registerTool('facts_lookup', { description: 'Look up facts about a subject.', inputSchema: z.object({ query: z.string() }) }, async ({ query }, ctx) => {
        const key = String(ctx.mcpReq._meta?.[idempotencyMetaKey]);
        byKey.set(key, (byKey.get(key) ?? 0) + 1);
        return { content: [{ type: 'text', text: `Fact sheet for ${query}: running costs fell by a third.` }] };
      });
      return server;
    },
  });
}

async function journaledOnce(t: ExecutionContext, env: Record<string, string>) {
  const byKey = new Map<string, number>();
  const server = await startServer(env, { tools: { plugins: [countingPlugin(byKey)] } });
  t.teardown(() => server.close());
  t.is((await server.call('POST', '/v1/integrations/facts/configure', { body: { settings: {} } })).status, 200);

  const deployed = await server.call('POST', '/v1/crews/writer/deploy', { body: { brief: 'Heat pumps for terraced houses: costs and savings' } });
  t.is(deployed.status, 201);
  const id = deployed.body.outcome_id;
  t.is((await waitForOutcome(server, id)).status, 'completed');

  // The research stage's first turn made call 0: (outcome, stage 0, attempt 1, turn 0, call 0).
  const callKey = `${id}:0:1:0:0`;
  t.deepEqual([...byKey.entries()], [[callKey, 1]]);
  const [logged] = await server.runtime.repos.toolCalls.list(server.workspaceId, { outcomeId: id });
  t.like(logged, { call_key: callKey, tool_name: 'facts_lookup', success: true });

  // A restored step asks again for the same position: the stored answer, no second call.
  const replayed = await server.runtime.tools.service.call(server.workspaceId, logged!.model_tool_name, { query: 'anything' }, { agentName: 'ResearchAgent', outcomeId: id, callKey });
  t.deepEqual(replayed, { content: logged!.output, isError: false });
  t.is(byKey.get(callKey), 1);
  t.is((await server.runtime.repos.toolCalls.list(server.workspaceId, { outcomeId: id })).length, 1);
}

test('an agent tool call reaches the plugin once with its journal key; the same call again is answered from the journal', (t) => journaledOnce(t, {}));

postgresTest('on Postgres too, a journaled tool call is answered from the journal and logged once', async (t) => {
  const database = await createPostgresDatabase();
  t.teardown(() => database.drop());
  await journaledOnce(t, { CREWD_DATABASE_URL: database.url });
});
