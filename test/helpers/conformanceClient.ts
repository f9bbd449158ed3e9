import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { conformanceCli } from './conformance.js';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

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
  // The suite's one installer (test/helpers/conformance.ts) gives its entry and the Node 22 it runs on.
  const { node, bin: cli } = await conformanceCli();
  // In `npm test`'s transpiled tree (build/tree) the script's JavaScript is beside it: plain node
  // loads the service in about half the CPU of tsx's hooks (3.5 to 4.3 CPU-s), once per scenario.
  const compiled = path.join(root, 'scripts', 'conformanceClient.js');
  const command = fs.existsSync(compiled) ? `${process.execPath} ${compiled}` : `${process.execPath} --import tsx ${path.join(root, 'scripts', 'conformanceClient.ts')}`;
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
