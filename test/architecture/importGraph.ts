import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');

/**
 * The source layers, lowest first. Tests, benchmarks and clients sit outside them. The model
 * layer (models/, with the crews' data and the quality text it reads) sits below runtime/, so
 * runtime/ is orchestration only (issue 26, item 9).
 */
export const layers = ['machines', 'schemas', 'storage', 'plugins', 'crews', 'quality', 'models', 'runtime', 'http', 'app'] as const;
export type Layer = (typeof layers)[number];

export interface Import {
  from: string;
  to: string;
  typeOnly: boolean;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(rel));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) out.push(rel);
  }
  return out;
}

const importPattern = /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every relative import between files of the source layers (static, re-exports and dynamic). */
export function importsOfLayers(): Import[] {
  const imports: Import[] = [];
  for (const layer of layers) {
    if (!fs.existsSync(path.join(root, layer))) continue;
    for (const file of sourceFiles(layer)) {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      for (const match of text.matchAll(importPattern)) {
        const specifier = match[3] ?? match[4]!;
        if (!specifier.startsWith('.')) continue;
        const target = path.normalize(path.join(path.dirname(file), specifier)).replace(/\.js$/, '.ts');
        imports.push({ from: file, to: target, typeOnly: Boolean(match[2]) });
      }
    }
  }
  return imports;
}

export function layerOf(file: string): string {
  return file.split(path.sep)[0]!;
}

/** Import circles between files (each reported once, as the files in order). */
export function circles(imports: Import[]): string[][] {
  const edges = new Map<string, Set<string>>();
  for (const edge of imports) {
    if (!edges.has(edge.from)) edges.set(edge.from, new Set());
    edges.get(edge.from)!.add(edge.to);
  }
  // Tarjan's strongly connected components: every component of more than one file holds a circle.
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    indexOf.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, indexOf.get(next)!));
    }
    if (low.get(node) === indexOf.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of edges.keys()) if (!indexOf.has(node)) visit(node);
  return found;
}
