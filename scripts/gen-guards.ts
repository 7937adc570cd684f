/**
 * Generates src/api/generated/<contract file>.ts: one `is<Name>` type guard per TypeBox schema exported
 * by src/api/contract/*.ts (import it from '@/api/generated/<contract file>'), compiled by TypeBox's compiler from the very schemas the server
 * validates with. The client checks responses with these, so a schema change cannot leave a
 * hand-written guard behind, and no schema library enters the bundle (the output is plain code).
 *
 * A shape the contract uses in several places (a product brief, a page of rows, an envelope's data) is checked by
 * one function, emitted once: in the module of the one contract file that needs it, or in
 * src/api/generated/shared.ts when several do. TypeBox compiles each function with the shapes inside it stood in
 * for by references, so every check is still TypeBox's own code, only called instead of written out again.
 *
 *   npx tsx scripts/gen-guards.ts          write the file
 *   npx tsx scripts/gen-guards.ts --check  exit 1 if the committed files are stale (run by the tests)
 */
import fs from 'node:fs';
import path from 'node:path';
import { Kind, type TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';

import { callGuardRuntime, GUARD_RUNTIME_NAMES } from './gen-guards-runtime';
import { hoistShapes, type Root, type ShapePlan } from './gen-guards-shapes';

const ROOT = path.resolve(__dirname, '..');
const CONTRACT_DIR = path.join(ROOT, 'src/api/contract');
export const GENERATED_DIR = path.join(ROOT, 'src/api/generated');

function isSchema(value: unknown): value is TSchema {
  return typeof value === 'object' && value !== null && Kind in value;
}

function moduleAlias(file: string): string {
  return 'C_' + file.replace(/\.ts$/, '').replace(/[^A-Za-z0-9]/g, '_');
}

/** Every schema the contract exports, in file then name order; a re-export is compiled where it is defined. */
async function contractRoots(): Promise<Root[]> {
  const files = fs
    .readdirSync(CONTRACT_DIR)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
    .sort();
  // The generated shared*.ts modules hold the shapes several files share: no contract file may take their names.
  const clash = files.find((f) => f.startsWith('shared'));
  if (clash) throw new Error(`gen-guards: src/api/contract/${clash} would collide with the generated shared modules`);
  const roots: Root[] = [];
  const seen = new Set<string>();
  for (const file of files) {
    const mod = (await import(path.join(CONTRACT_DIR, file))) as Record<string, unknown>;
    const names = Object.keys(mod)
      .filter((name) => isSchema(mod[name]) && /^[A-Z]/.test(name))
      .sort();
    for (const name of names) {
      if (seen.has(name)) continue;
      seen.add(name);
      roots.push({ file, name, schema: mod[name] as TSchema });
    }
  }
  return roots;
}

/** Skips a single-quoted string literal (TypeBox quotes every key and constant so) starting at `start`. */
function stringEnd(code: string, start: number): number {
  let i = start + 1;
  while (code[i] !== "'") i += code[i] === '\\' ? 2 : 1;
  return i + 1;
}

/** Renames identifiers in compiled code, leaving string literals (property names, constants) alone. */
function renameOutsideStrings(code: string, pattern: RegExp, rename: (name: string) => string): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < code.length; i++) {
    if (code[i] !== "'") continue;
    const end = stringEnd(code, i);
    out += code.slice(from, i).replace(pattern, rename) + code.slice(i, end);
    from = end;
    i = end - 1;
  }
  return out + code.slice(from).replace(pattern, rename);
}

/** The module a function is written into: its regular expressions (declared once each) and its text. */
class ModuleText {
  constructor(readonly file: string) {}
  readonly patterns = new Map<string, string>();
  /** Names imported from the shared modules, by module. */
  readonly imports = new Map<string, Set<string>>();
  readonly functions: string[] = [];
  readonly runtime = new Set<string>();

  get shared(): boolean {
    return this.file.startsWith('shared');
  }

  /** Makes a hoisted shape's function callable here: imported when it lives in another module. */
  use(unit: { name: string; home: string }) {
    if (unit.home === this.file) return;
    const names = this.imports.get(unit.home) ?? new Set<string>();
    this.imports.set(unit.home, names.add(unit.name));
  }

  pattern(literal: string): string {
    let name = this.patterns.get(literal);
    if (!name) this.patterns.set(literal, (name = `pattern${this.patterns.size}`));
    return name;
  }
}

const STUB_BODY = '(value) {\n  return (\n    true\n  )\n}';
const CHECK_START = 'return function check(value) {\n';

/**
 * The body (`  return (…)`) of TypeBox's check for a schema whose hoisted shapes are references: the references'
 * placeholder functions are dropped (the calls name the hoisted functions), its regular expressions are declared
 * once per module and its helpers come from the guard runtime.
 */
function compileBody(plan: ShapePlan, schema: TSchema, into: ModuleText): string {
  const { schema: compiled, references, used } = plan.substitute(schema);
  const unitOf = new Map(used.map((unit) => [unit.id, unit.name]));
  for (const unit of used) into.use(unit);
  const code = TypeCompiler.Code(compiled, references, { language: 'javascript' });
  const start = code.lastIndexOf(CHECK_START);
  let preamble = code.slice(0, start);
  for (const ref of references) preamble = preamble.replace(`function check_${ref.$id as string}${STUB_BODY}\n`, '');
  const locals = new Map<string, string>();
  for (const line of preamble.split('\n').filter(Boolean)) {
    const [, local, literal] = /^const (local_\d+) = (\/.*\/[a-z]*);?$/.exec(line) ?? [];
    if (!local || !literal) throw new Error(`gen-guards: unexpected compiled preamble ${JSON.stringify(line)}`);
    locals.set(local, into.pattern(literal));
  }
  const body = code.slice(start + CHECK_START.length, code.length - '\n}'.length);
  const renamed = renameOutsideStrings(body, /\b(local_\d+|check_\w+)\b/g, (name) => {
    const target = locals.get(name) ?? unitOf.get(name.slice('check_'.length));
    if (!target) throw new Error(`gen-guards: unknown name ${name} in compiled code`);
    return target;
  });
  return callGuardRuntime(renamed, into.runtime);
}

function emitShapes(plan: ShapePlan, moduleOf: (file: string) => ModuleText) {
  for (const unit of plan.units) {
    const into = moduleOf(unit.home);
    const exported = into.shared ? 'export ' : '';
    const body = compileBody(plan, unit.schema, into);
    into.functions.push(`/** ${unit.origin} */\n${exported}function ${unit.name}(value) {\n${body}\n}\n`);
  }
}

function moduleHeader(file: string, into: ModuleText): string[] {
  const family = file.replace(/^shared-?|\.ts$/g, '');
  const source = into.shared ? `the shapes src/api/contract/${family}*.ts share` : `src/api/contract/${file}`;
  const lines = [
    `// GENERATED by scripts/gen-guards.ts from ${source}: do not edit; run \`npm run gen:guards\`.`,
    '/* eslint-disable */',
    into.shared
      ? '// @ts-nocheck -- TypeBox emits untyped JavaScript; the guards calling these carry the types in their signatures.'
      : '// @ts-nocheck -- TypeBox emits untyped JavaScript; the exported guards carry their types in their signatures.',
  ];
  if (!into.shared) {
    lines.push("import type { Static } from '@sinclair/typebox';");
    lines.push(`import type * as ${moduleAlias(file)} from '../contract/${file.replace(/\.ts$/, '')}';`);
  }
  const runtime = GUARD_RUNTIME_NAMES.filter((name) => into.runtime.has(name));
  if (runtime.length) lines.push(`import { ${runtime.join(', ')} } from '../guard-runtime';`);
  for (const [home, names] of [...into.imports].sort(([a], [b]) => (a < b ? -1 : 1))) {
    lines.push(`import { ${[...names].sort().join(', ')} } from './${home.replace(/\.ts$/, '')}';`);
  }
  lines.push('');
  for (const [literal, name] of into.patterns) lines.push(`const ${name} = ${literal};`);
  if (into.patterns.size) lines.push('');
  return lines;
}

/** One generated module per contract file (src/api/generated/<file>.ts), keyed by its path. */
export async function generateGuards(): Promise<Map<string, string>> {
  const roots = await contractRoots();
  const plan = hoistShapes(roots);
  const modules = new Map<string, ModuleText>();
  const moduleOf = (file: string) => {
    let into = modules.get(file);
    if (!into) modules.set(file, (into = new ModuleText(file)));
    return into;
  };
  emitShapes(plan, moduleOf);
  for (const root of roots) {
    const into = moduleOf(root.file);
    const unit = plan.unitOfRoot(root);
    if (unit) into.use(unit);
    const type = `(value: unknown) => value is Static<typeof ${moduleAlias(root.file)}.${root.name}>`;
    const comment = `/** ${root.file.replace(/\.ts$/, '')}.${root.name} */\n`;
    // A plain function declaration (or a constant naming one) per guard lets the bundler drop every guard no
    // screen calls; a guard whose whole shape is hoisted is that function under the guard's name and type.
    into.functions.push(
      unit
        ? `${comment}export const is${root.name}: ${type} = ${unit.name};\n`
        : `${comment}export function is${root.name}(value: unknown): value is Static<typeof ${moduleAlias(root.file)}.${root.name}> {\n${compileBody(plan, root.schema, into)}\n}\n`,
    );
  }
  const out = new Map<string, string>();
  // A module per contract file: webpack places a module in one chunk whole, so one file of every
  // guard would put the lazy screens' guards into the first load with the home screen's.
  for (const file of [...modules.keys()].sort()) {
    const into = modules.get(file)!;
    out.set(path.join(GENERATED_DIR, file), [...moduleHeader(file, into), ...into.functions].join('\n'));
  }
  return out;
}

function existingGenerated(): string[] {
  if (!fs.existsSync(GENERATED_DIR)) return [];
  return fs
    .readdirSync(GENERATED_DIR)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => path.join(GENERATED_DIR, f));
}

async function main() {
  const files = await generateGuards();
  const stale = existingGenerated().filter((f) => !files.has(f));
  if (process.argv.includes('--check')) {
    const wrong = [...files]
      .filter(([f, text]) => !fs.existsSync(f) || fs.readFileSync(f, 'utf8') !== text)
      .map(([f]) => f);
    if (wrong.length || stale.length) {
      console.error(
        `generated guards are stale (${[...wrong, ...stale].map((f) => path.relative(ROOT, f)).join(', ')}): run \`npm run gen:guards\``,
      );
      process.exit(1);
    }
    return;
  }
  fs.mkdirSync(GENERATED_DIR, { recursive: true });
  for (const f of stale) fs.unlinkSync(f);
  for (const [f, text] of files) fs.writeFileSync(f, text);
  console.info(`wrote ${files.size} files in ${path.relative(ROOT, GENERATED_DIR)}`);
}

if (require.main === module) void main();
