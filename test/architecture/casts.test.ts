import test from 'ava';
import ts from 'typescript';
import { parse, sourceFilesOfLayers } from './sourceFiles.js';

/**
 * No `as never` and no `as unknown as` in the source layers (issue 28, item 7): each one switched
 * the type checker off at a seam. Vendor boundaries use the SDK's exported types, `satisfies`,
 * type guards or generic parameters instead. Found on the syntax tree, so a comment that names the
 * pattern does not count and a cast split over lines does.
 */

const isKeyword = (type: ts.TypeNode, kind: ts.SyntaxKind) => type.kind === kind;

/** The casts of a file: `x as never`, `<never>x`, and `x as unknown as T` (also `<T><unknown>x`). */
export function castsIn(source: ts.SourceFile): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) {
      let inner = node.expression;
      while (ts.isParenthesizedExpression(inner)) inner = inner.expression;
      const viaUnknown = (ts.isAsExpression(inner) || ts.isTypeAssertionExpression(inner)) && isKeyword(inner.type, ts.SyntaxKind.UnknownKeyword);
      if (isKeyword(node.type, ts.SyntaxKind.NeverKeyword) || viaUnknown) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
        found.push(`${source.fileName}:${line + 1}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

test('the check finds as never, as unknown as and the angle-bracket forms, and passes plain code and comments', (t) => {
  t.is(castsIn(parse('a.ts', 'const x = y as never;\n')).length, 1);
  t.is(castsIn(parse('a.ts', 'const x = (y as unknown) as Z;\n')).length, 1);
  t.is(castsIn(parse('a.ts', 'const x = y as unknown as Z;\n')).length, 1);
  t.is(castsIn(parse('a.ts', 'const x = <Z><unknown>y;\n')).length, 1);
  t.is(castsIn(parse('a.ts', 'const x = y satisfies Z;\n// y as never\nconst z = w as Z;\n')).length, 0);
});

test('no as never and no as unknown as in the source layers (issue 28, item 7)', (t) => {
  const files = sourceFilesOfLayers();
  t.true(files.length > 300, 'the source files were read');
  t.deepEqual(files.flatMap((file) => castsIn(parse(file))), []);
});
