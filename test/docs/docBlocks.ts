import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

/** One fenced shell block of a page: where it is, its first command line (its name), its text. */
export interface DocBlock {
  page: string;
  line: number;
  first: string;
  script: string;
}

/** A block's name: its first line that is not a comment, without its trailing comment, spaces collapsed. */
export function firstLine(script: string): string {
  const line = script.split('\n').find((l) => l.trim() && !l.trim().startsWith('#')) ?? '';
  return line.replace(/\s+#.*$/, '').replace(/\s+/g, ' ').trim();
}

/** Every ```sh / ```bash / ```shell block of README.md and docs/*.md, in page order. */
export function docBlocks(): DocBlock[] {
  const pages = ['README.md', ...fs.readdirSync(path.join(root, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`)];
  return pages.flatMap((page) => {
    const text = fs.readFileSync(path.join(root, page), 'utf8');
    return [...text.matchAll(/```(?:sh|bash|shell)\n([\s\S]*?)```/g)].map((m) => ({
      page,
      line: text.slice(0, m.index).split('\n').length,
      first: firstLine(m[1]!),
      script: m[1]!,
    }));
  });
}

/**
 * The rows of docs/commands.md's table of blocks checked by hand: `page` and the block's first
 * line (in backticks), with the reason a test cannot run it and how it was checked.
 */
export function checkedByHand(): Array<{ page: string; first: string; why: string }> {
  const text = fs.readFileSync(path.join(root, 'docs/commands.md'), 'utf8');
  // A cell's `|` is written `\|` (Markdown tables); the block's own text has a plain one.
  return [...text.matchAll(/^\| (\S+\.md) \| `([^`]+)` \| ((?:[^|\\]|\\.)+) \|/gm)].map((m) => ({ page: m[1]!, first: m[2]!.replace(/\\\|/g, '|').trim(), why: m[3]!.trim() }));
}

/** Runs a script with bash -euo pipefail, as a reader pasting it into a shell would (minus the prompt). */
export async function bash(script: string, env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('bash', ['-euo', 'pipefail', '-c', script], { cwd: root, env: { ...process.env, ...env }, maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
