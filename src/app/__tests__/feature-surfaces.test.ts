import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * webpack.config.ts marks every feature's index.ts free of side effects, so an import through it links straight to
 * the module that provides the name and the entry evaluates only what it takes. That holds while an index only names
 * things: re-exports, types, and functions that load a chunk. A statement that does something at import (a call, an
 * import for its effect) would be skipped by the bundle and run in the tests: this fails first.
 */
const FEATURES = path.resolve(__dirname, '..', '..', 'features');
const surfaces = [
  ...fs.readdirSync(FEATURES).map((f) => path.join(FEATURES, f, 'index.ts')),
  ...fs.readdirSync(path.join(FEATURES, 'marketing')).map((f) => path.join(FEATURES, 'marketing', f, 'index.ts')),
].filter((f) => fs.existsSync(f));

const exported = (s: ts.Statement) =>
  ts.canHaveModifiers(s) && (ts.getModifiers(s) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** What a statement does when the module is evaluated: null when it only names something. */
function effectOf(s: ts.Statement): string | null {
  if (ts.isExportDeclaration(s) || ts.isInterfaceDeclaration(s) || ts.isTypeAliasDeclaration(s)) return null;
  if (ts.isImportDeclaration(s)) return s.importClause?.isTypeOnly ? null : 'a value import';
  if (ts.isVariableStatement(s) && exported(s)) {
    const plain = s.declarationList.declarations.every(
      (d) => !d.initializer || ts.isArrowFunction(d.initializer) || ts.isFunctionExpression(d.initializer),
    );
    return plain ? null : 'a value computed at import';
  }
  if (ts.isFunctionDeclaration(s)) return null;
  return ts.SyntaxKind[s.kind];
}

describe("features' public surfaces (free of side effects in the bundle)", () => {
  it('finds the surfaces', () => {
    expect(surfaces.length).toBeGreaterThanOrEqual(15);
  });

  it.each(surfaces.map((f) => [path.relative(FEATURES, f), f]))('%s only names things', (_name, file) => {
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    const effects = source.statements.flatMap((s) => {
      const effect = effectOf(s);
      return effect ? [`${effect}: ${s.getText(source).slice(0, 80)}`] : [];
    });
    expect(effects).toEqual([]);
  });

  it('the check works: a call at import is an effect', () => {
    const source = ts.createSourceFile('x.ts', "export { a } from './a';\nregister();\n", ts.ScriptTarget.Latest);
    expect(source.statements.map(effectOf)).toEqual([null, 'ExpressionStatement']);
  });
});
