import path from 'node:path';
import tree from './ava.tree.config.js';

// `npm test` with a CPU probe in every worker: CREWD_CPU_PROBE_DIR=<dir> npx ava --config ava.probe.config.js
// (after `npm run pretest`), then `node scripts/suiteCpu/report.mjs <dir>` ranks the files by
// CPU-seconds, their own and their reaped children's (scripts/suiteCpu/probe.mjs).
export default {
  ...tree,
  nodeArguments: [`--import=${path.join(import.meta.dirname, 'scripts', 'suiteCpu', 'probe.mjs')}`],
};
