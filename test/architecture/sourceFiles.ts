import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { layers, root } from './importGraph.js';

/** Every TypeScript file of the source layers (tests, benchmarks and clients sit outside them), relative to the root. */
export function sourceFilesOfLayers(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) found.push(relative);
    }
  };
  for (const layer of layers) if (fs.existsSync(path.join(root, layer))) walk(layer);
  return found;
}

/** The parsed file (syntax only: no program, no type checking). */
export function parse(file: string, text = fs.readFileSync(path.join(root, file), 'utf8')): ts.SourceFile {
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
}
