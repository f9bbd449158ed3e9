// `npm test`: ava on build/tree, the repository with every TypeScript file transpiled beside it
// (scripts/buildTestTree.ts, run by `pretest`), so that no test file loads through tsx's hooks.
// package.json's "ava" entry is the same suite through tsx, for running one .ts file directly
// (`npx ava test/e2e/approvals.test.ts`); see docs/testing.md.
export default {
  files: ['build/tree/test/**/*.test.js'],
  workerThreads: false,
  concurrency: 2,
  timeout: '300s',
  // Stack traces and ava's failure excerpts point at the .ts lines (the tree's maps are inline).
  nodeArguments: ['--enable-source-maps', '--import=/tmp/cpuProbe.mjs'],
};
