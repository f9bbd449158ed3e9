import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { node22 } from './node22.js';

const run = promisify(execFile);

/** The official MCP conformance suite, pinned; it runs on Node 22, so it is no dependency of the project. */
const conformanceSpec = '@modelcontextprotocol/conformance@0.1.16';
const conformanceDir = path.join(os.tmpdir(), 'crewd-conformance-0.1.16');
const conformanceEntry = path.join(conformanceDir, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
const root = path.resolve(import.meta.dirname, '../..');

/**
 * The conformance suite's command-line entry, installed once from the npm registry into the temp
 * dir (like the Inspector in node22.ts; concurrent test files wait on one install through a lock
 * directory). The mcptasks helper's test/helpers/conformance.ts installs the same package the same
 * way for the server scenarios: the two are meant to become one.
 */
export async function conformanceCli(): Promise<string> {
  const present = () => fs.access(conformanceEntry).then(() => true, () => false);
  if (await present()) return conformanceEntry;
  await fs.mkdir(conformanceDir, { recursive: true });
  const lock = path.join(conformanceDir, '.installing');
  for (let waited = 0; ; waited += 500) {
    try {
      await fs.mkdir(lock);
      break;
    } catch {
      if (await present()) return conformanceEntry;
      if (waited > 300_000) await fs.rm(lock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    if (!(await present())) await run('npm', ['install', '--prefix', conformanceDir, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--ignore-scripts', conformanceSpec], { timeout: 300_000 });
  } finally {
    await fs.rm(lock, { recursive: true, force: true });
  }
  return conformanceEntry;
}

export interface ScenarioResult {
  passed: number;
  total: number;
  failed: number;
  warnings: number;
  /** The suite's lines naming a failed check or a warning, and what the client said, for the assertion message. */
  problems: string[];
}

/**
 * Runs one client scenario of the suite on Node 22 against crewd's tool-connection client
 * (`scripts/conformanceClient.ts`, run by this project's Node with tsx); the suite appends its
 * scenario server's URL to the command.
 */
export async function runClientScenario(scenario: string): Promise<ScenarioResult> {
  const [node, cli] = await Promise.all([node22(), conformanceCli()]);
  const command = `${process.execPath} --import tsx ${path.join(root, 'scripts', 'conformanceClient.ts')}`;
  const output = await run(node, [cli, 'client', '--command', command, '--scenario', scenario, '--timeout', '120000'], { cwd: root, timeout: 240_000, maxBuffer: 16 * 1024 * 1024, env: { ...process.env, NO_COLOR: '1' } }).then(
    ({ stdout, stderr }) => stdout + stderr,
    (error: { stdout?: string; stderr?: string }) => `${error.stdout ?? ''}${error.stderr ?? ''}`,
  );
  // eslint-disable-next-line no-control-regex
  const plain = output.replace(/\u001b\[[0-9;]*m/g, '');
  const summary = /Passed: (\d+)\/(\d+), (\d+) failed, (\d+) warnings/.exec(plain);
  return {
    passed: Number(summary?.[1] ?? 0),
    total: Number(summary?.[2] ?? 0),
    failed: Number(summary?.[3] ?? 1),
    warnings: Number(summary?.[4] ?? 0),
    problems: plain.split('\n').filter((line) => /FAILURE|WARNING|Client exited|timed out|conformance client:/.test(line)).slice(0, 12),
  };
}
