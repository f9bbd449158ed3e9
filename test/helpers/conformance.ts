import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { installOnce, node22 } from './node22.js';

/** The official MCP conformance suite, pinned: a new release may add scenarios or change checks. */
export const conformanceVersion = '0.1.16';
const conformanceDir = path.join(os.tmpdir(), `crewd-conformance-${conformanceVersion}`);
const conformanceEntry = path.join(conformanceDir, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');

/**
 * The conformance suite's command line (`@modelcontextprotocol/conformance`), ready to run:
 * `execFile(node, [bin, 'server', '--url', url, '--scenario', name])` (or `client ...`). It needs
 * Node 22, so it is no dependency of the project: like the MCP Inspector it is installed once from
 * the npm registry into a cache under the temp dir (concurrent test files wait on one install),
 * and `node` is the Node 22 of `node22()`. Rejects when either cannot be installed; a test under
 * CI must let that fail rather than skip.
 */
export async function conformanceCli(): Promise<{ node: string; bin: string }> {
  const present = () => fs.access(conformanceEntry).then(() => true, () => false);
  const node = await node22();
  if (!(await present())) await installOnce(conformanceDir, `@modelcontextprotocol/conformance@${conformanceVersion}`, present);
  if (!(await present())) throw new Error(`the MCP conformance suite ${conformanceVersion} could not be installed from the npm registry into ${conformanceDir}`);
  return { node, bin: conformanceEntry };
}
