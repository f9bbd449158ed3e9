import path from 'node:path';

// `npm test`: ava on build/tree, the repository with every TypeScript file transpiled beside it
// (scripts/buildTestTree.ts, run by `pretest`), so that no test file loads through tsx's hooks.
// package.json's "ava" entry is the same suite through tsx, for running a .ts file directly
// (`npx ava test/e2e/approvals.test.ts`). docs/decisions.md ("Where the suite's time goes") has
// the figures behind each setting.
// Longest first, so that the last files to start are short ones and both workers finish together
// (ava starts files in this order, two at a time, and has no other priority). The named files took
// the longest, alone, in a measured run (`ava.probe.config.js`); then the folders whose files start
// crewd processes or clusters; the unit folders last. A file missing here only moves within its folder.
const slowest = [
  'e2e/shutdown', 'e2e/reliabilityRestart', 'e2e/idempotencyCrash', 'runtime/cli', 'http/idempotencyCrash',
  'e2e/mcpConformance', 'e2e/toolCalls', 'e2e/mcpTenants', 'e2e/integrationsOauthGoogle', 'http/metrics',
  'e2e/tracingCrash', 'e2e/tracing', 'e2e/mcpOAuth', 'scale/mcpTenants', 'docs/commands', 'runtime/cliActions',
  'runtime/cliClient',
];
const folders = ['scale', 'e2e', 'clients', 'docs', 'app', 'http', 'runtime', 'machines', 'plugins', 'storage', 'models', 'quality', 'schemas', 'architecture'];

function rank(file) {
  const name = path.relative(path.join(import.meta.dirname, 'build', 'tree', 'test'), file).replace(/\.test\.js$/, '');
  const named = slowest.indexOf(name);
  if (named >= 0) return [named, name];
  const folder = folders.indexOf(name.split('/')[0]);
  return [slowest.length + (folder < 0 ? folders.length : folder), name];
}

export default {
  files: ['build/tree/test/**/*.test.js'],
  sortTestFiles(a, b) {
    const [first, second] = [rank(a), rank(b)];
    return first[0] - second[0] || first[1].localeCompare(second[1]);
  },
  workerThreads: false,
  // Four files at once on two cores: a file that waits on its crewd children, a restart or a timer
  // leaves its core to another. At 2 the suite kept the cores 134% busy (7:59 on Node 22); at 4,
  // 171% (5:57), all green (docs/decisions.md, "ava runs 4 files at once").
  concurrency: 4,
  timeout: '300s',
  environmentVariables: {
    // Node 22.1+ keeps the code it compiled for every module (ours and node_modules') here, for the
    // test files and the crewd processes they start; Node 20 ignores it.
    NODE_COMPILE_CACHE: path.join(import.meta.dirname, 'build', 'compile-cache'),
  },
};
