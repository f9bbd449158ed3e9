/**
 * The conformance suite's client under test in conformanceClient.test.ts (`--command`): drives the
 * test file's one running crewd through its HTTP API (scripts/conformanceDriver.ts), so a scenario
 * starts no service. The tool call is asked of that crewd at `CREWD_CONFORMANCE_CALL_URL` (the
 * test's, ./conformanceClient.ts), where its tool service calls the connection's tool as an agent
 * would. Exit code 0 when the connection ended `connected`; messages go to stderr.
 *
 *   CREWD_URL=... CREWD_API_KEY=... CREWD_WORKSPACE_ID=... CREWD_CONFORMANCE_CALL_URL=... node conformanceCommand.js <server url>
 */
import { driveScenario, type ConformanceCall, type ConformanceContext } from '../../scripts/conformanceDriver.js';

const serverUrl = process.argv.at(-1) ?? '';
const env = process.env;
const log = (line: string) => process.stderr.write(`${line}\n`);
try {
  if (!serverUrl.startsWith('http')) throw new Error('usage: conformanceCommand <server url>');
  const callUrl = env.CREWD_CONFORMANCE_CALL_URL ?? '';
  await driveScenario({
    base: env.CREWD_URL ?? '',
    key: env.CREWD_API_KEY ?? '',
    workspaceId: env.CREWD_WORKSPACE_ID ?? '',
    serverUrl,
    // One connection per scenario in the shared workspace, named after it.
    serverName: `conformance-${(env.MCP_CONFORMANCE_SCENARIO ?? 'client').replace(/[^A-Za-z0-9]+/g, '-')}`.slice(0, 64),
    context: JSON.parse(env.MCP_CONFORMANCE_CONTEXT ?? '{}') as ConformanceContext,
    async callTool(connectionId) {
      const answer = await fetch(callUrl, { method: 'POST', body: JSON.stringify({ connection_id: connectionId }) });
      if (answer.status !== 200) throw new Error(`the tool call answered HTTP ${answer.status}: ${await answer.text()}`);
      return ((await answer.json()) as { call: ConformanceCall | null }).call ?? undefined;
    },
    log,
  });
} catch (error) {
  log(`conformance client: ${(error as Error).message}`);
  process.exitCode = 1;
}
