import test from 'ava';
import { runClientScenario, startConformanceCrewd, type ConformanceCrewd } from '../../../helpers/conformanceClient.js';

/**
 * The official MCP conformance suite's client authorization scenarios for 2025-11-25, run against
 * crewd's tool-connection client: one crewd for the file, and per scenario a client
 * (test/helpers/conformanceCommand.ts, scripts/conformanceDriver.ts) that has it connect the
 * scenario's server with auth "oauth", follows the authorization URL and has it call a tool; each
 * scenario's connection has its own name and is ended after it. Every scenario of `conformance list --client --spec-version
 * 2025-11-25` under auth/ is here; the ones that do not apply are listed in docs/tools.md.
 */
const scenarios = [
  'auth/metadata-default',
  'auth/metadata-var1',
  'auth/metadata-var2',
  'auth/metadata-var3',
  'auth/basic-cimd',
  'auth/scope-from-www-authenticate',
  'auth/scope-from-scopes-supported',
  'auth/scope-omitted-when-undefined',
  'auth/scope-step-up',
  'auth/scope-retry-limit',
  'auth/token-endpoint-auth-basic',
  'auth/token-endpoint-auth-post',
  'auth/token-endpoint-auth-none',
  'auth/pre-registration',
];

let crewd: Promise<ConformanceCrewd> | undefined;
test.after.always(async () => {
  if (crewd) await (await crewd.catch(() => undefined))?.close();
});

for (const scenario of scenarios) {
  test.serial(`conformance ${scenario}: every check passes`, async (t) => {
    t.timeout(300_000);
    const result = await runClientScenario(scenario, await (crewd ??= startConformanceCrewd()));
    t.true(result.total > 0, `the suite ran no checks: ${result.problems.join('\n')}`);
    t.is(result.failed, 0, result.problems.join('\n'));
    t.is(result.warnings, 0, result.problems.join('\n'));
  });
}
