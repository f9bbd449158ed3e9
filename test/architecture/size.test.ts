import test from 'ava';
import ts from 'typescript';
import { parse, sourceFilesOfLayers } from './sourceFiles.js';

/**
 * Size (issue 28, item 7): no function of the source layers over 150 lines and no file over 400.
 * A factory's closure is not a module (STYLE.md, 12): past that size its parts become files of
 * their own that it wires. Measured on the syntax tree: every function-like node with a body
 * (declarations, expressions, arrows, methods, accessors, constructors), from its first line to
 * its last, nested functions counted inside their parent too.
 */
const maxFunctionLines = 150;
const maxFileLines = 400;

/** The name a function goes by: its own, or the variable, property or method it is assigned to. */
function nameOf(node: ts.FunctionLikeDeclaration, source: ts.SourceFile): string {
  if (node.name) return node.name.getText(source);
  const parent = node.parent;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) && parent.name) return parent.name.getText(source);
  const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
  return `(anonymous at line ${line + 1})`;
}

/** `file name` and line count of every function of `source` longer than `max` lines. */
export function longFunctions(source: ts.SourceFile, max: number): Array<[string, number]> {
  const found: Array<[string, number]> = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      if (last - first + 1 > max) found.push([`${source.fileName} ${nameOf(node as ts.FunctionLikeDeclaration, source)}`, last - first + 1]);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** A file's lines (a final newline ends the last line, it does not start another). */
export function linesOf(source: ts.SourceFile): number {
  const text = source.getFullText();
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

test('the measure finds a long arrow function by its variable and a long method by its name, and passes a short one', (t) => {
  const body = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join('\n');
  t.deepEqual(longFunctions(parse('a.ts', `const make = () => {\n${body(10)}\n};\n`), 11), [['a.ts make', 12]]);
  t.deepEqual(longFunctions(parse('a.ts', `class A {\n  run() {\n${body(10)}\n  }\n}\n`), 11), [['a.ts run', 12]]);
  t.deepEqual(longFunctions(parse('a.ts', `function f() {\n${body(3)}\n}\n`), 11), []);
  t.is(linesOf(parse('a.ts', 'a;\nb;\n')), 2);
});

test('no source function is over 150 lines (issue 28, item 7)', (t) => {
  const files = sourceFilesOfLayers();
  t.true(files.length > 300, 'the source files were read');
  const offending = files.flatMap((file) => longFunctions(parse(file), maxFunctionLines).map(([name, lines]) => `${name}: ${lines} lines`));
  t.deepEqual(offending, []);
});

test('no source file is over 400 lines (issue 28, item 7)', (t) => {
  const offending = sourceFilesOfLayers()
    .map((file) => [file, linesOf(parse(file))] as const)
    .filter(([, lines]) => lines > maxFileLines)
    .map(([file, lines]) => `${file}: ${lines} lines`);
  t.deepEqual(offending, []);
});
