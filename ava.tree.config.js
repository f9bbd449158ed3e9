import path from 'node:path';

// `npm test`: ava on build/tree, the repository with every TypeScript file transpiled beside it
// (scripts/buildTestTree.ts, run by `pretest`), so that no test file loads through tsx's hooks.
// package.json's "ava" entry is the same suite through tsx, for running a .ts file directly
// (`npx ava test/e2e/approvals.test.ts`). docs/decisions.md ("Where the suite's time goes") has
// the figures behind each setting.
export default {
  files: ['build/tree/test/**/*.test.js'],
  workerThreads: false,
  concurrency: 2,
  timeout: '300s',
  environmentVariables: {
    // Node 22.1+ keeps the code it compiled for every module (ours and node_modules') here, for the
    // test files and the crewd processes they start; Node 20 ignores it.
    NODE_COMPILE_CACHE: path.join(import.meta.dirname, 'build', 'compile-cache'),
  },
};
