/**
 * The old name of the suite's polling helper, kept for tests written against it: `until` in
 * ./until.ts is the one implementation (same arguments).
 */
export { until as waitFor } from './until.js';
