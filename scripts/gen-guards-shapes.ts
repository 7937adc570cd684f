/**
 * Which shapes of the contract scripts/gen-guards.ts checks with a function of their own, and where that function
 * lives. A shape is a compound schema (object, array, tuple, record, union, intersect); two shapes are the same when
 * TypeBox compiles them to the same code. A shape met twice or more (once its enclosing shapes are functions) and
 * not trivially short gets a function; it lives in the module of the one contract file that calls it, or in
 * shared.ts when several do.
 */
import { Kind, type TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';

export interface Root {
  file: string;
  name: string;
  schema: TSchema;
}

export interface Unit {
  /** The placeholder $id TypeBox compiles a reference to this shape with. */
  id: string;
  name: string;
  /** The generated module it is written into: a contract file's name, or shared.ts. */
  home: string;
  /** Where the contract first uses it (file.Schema.path), for the reader of the generated code. */
  origin: string;
  schema: TSchema;
}

export interface ShapePlan {
  units: Unit[];
  unitOfRoot(root: Root): Unit | undefined;
  /** The schema with its hoisted shapes replaced by references, and the placeholder schemas those resolve to. */
  substitute(schema: TSchema): { schema: TSchema; references: TSchema[]; used: Unit[] };
}

const HOISTABLE = new Set(['Object', 'Array', 'Tuple', 'Record', 'Union', 'Intersect']);
// Shorter checks (a nullable string) stay written out: a call would save little and cost a jump to read.
const MIN_CODE_LENGTH = 120;

interface Position {
  /** TypeBox reads only the child's check here, so a call may stand in for it. */
  replaceable: boolean;
  /** TypeBox reads the child's keys here (an intersect's unevaluatedProperties): its members must stay as they are. */
  keyed: boolean;
}

type Schema = TSchema & Record<string, unknown>;
type MapChild = (child: TSchema, label: string, position: Position) => TSchema;

const OPEN: Position = { replaceable: true, keyed: false };
const KEYED: Position = { replaceable: false, keyed: true };

function isSchema(value: unknown): value is TSchema {
  return typeof value === 'object' && value !== null && Kind in value;
}

function mapRecord(record: Record<string, TSchema>, map: (schema: TSchema, key: string) => TSchema) {
  return Object.fromEntries(Object.entries(record).map(([key, schema]) => [key, map(schema, key)]));
}

/** A copy of the node without its $id (TypeBox would hoist it on its own), its child schemas mapped. */
function mapChildren(node: TSchema, keyed: boolean, map: MapChild): TSchema {
  const { $id: _id, ...copy } = node as Schema;
  const out = copy as Schema;
  const source = node as Schema;
  switch (node[Kind]) {
    case 'Object':
      out.properties = mapRecord(node.properties as Record<string, TSchema>, (s, key) => map(s, key, OPEN));
      if (isSchema(source.additionalProperties))
        out.additionalProperties = map(source.additionalProperties, 'extra', OPEN);
      break;
    case 'Array':
      out.items = map(source.items as TSchema, 'item', OPEN);
      if (isSchema(source.contains)) out.contains = map(source.contains, 'contains', OPEN);
      break;
    case 'Tuple':
      if (Array.isArray(source.items)) out.items = (source.items as TSchema[]).map((s, i) => map(s, `${i}`, OPEN));
      break;
    case 'Record':
      out.patternProperties = mapRecord(source.patternProperties as Record<string, TSchema>, (s) =>
        map(s, 'value', OPEN),
      );
      if (isSchema(source.additionalProperties))
        out.additionalProperties = map(source.additionalProperties, 'extra', OPEN);
      break;
    case 'Union':
      out.anyOf = (source.anyOf as TSchema[]).map((s, i) => map(s, `${i}`, keyed ? KEYED : OPEN));
      break;
    case 'Intersect': {
      const members = source.unevaluatedProperties === undefined ? OPEN : KEYED;
      out.allOf = (source.allOf as TSchema[]).map((s, i) => map(s, `${i}`, members));
      if (isSchema(source.unevaluatedProperties))
        out.unevaluatedProperties = map(source.unevaluatedProperties, 'extra', OPEN);
      break;
    }
    case 'Not':
      out.not = map(source.not as TSchema, 'not', OPEN);
      break;
    case 'Ref':
    case 'This':
    case 'Import':
      throw new Error(
        `gen-guards: ${String(node[Kind])} schemas are not supported (the guards compile without references)`,
      );
  }
  return out;
}

/** TypeBox's own test for a property that may be absent (it then also checks `key in value`): such a child stays inline. */
function extendsUndefined(schema: TSchema): boolean {
  const s = schema as Schema;
  switch (schema[Kind]) {
    case 'Intersect':
      return (s.allOf as TSchema[]).every(extendsUndefined);
    case 'Union':
      return (s.anyOf as TSchema[]).some(extendsUndefined);
    case 'Not':
      return !extendsUndefined(s.not as TSchema);
    default:
      return schema[Kind] === 'Undefined';
  }
}

function isCandidate(node: TSchema, position: Position): boolean {
  return position.replaceable && HOISTABLE.has(String(node[Kind])) && !extendsUndefined(node);
}

const stripped = new WeakMap<TSchema, TSchema>();
function strip(node: TSchema): TSchema {
  let out = stripped.get(node);
  if (!out) stripped.set(node, (out = mapChildren(node, false, (child) => strip(child))));
  return out;
}

const keys = new WeakMap<TSchema, string>();
/** The shape's identity: the code TypeBox compiles it to on its own. */
function keyOf(node: TSchema): string {
  let key = keys.get(node);
  if (key === undefined) keys.set(node, (key = TypeCompiler.Code(strip(node), [], { language: 'javascript' })));
  return key;
}

/** Calls `visit` for each candidate shape a body refers to, not looking inside the ones `stop` accepts. */
function forEachShape(
  node: TSchema,
  keyed: boolean,
  visit: (child: TSchema, labels: string[]) => boolean,
  labels: string[] = [],
) {
  mapChildren(node, keyed, (child, label, position) => {
    const path = [...labels, label];
    const stop = isCandidate(child, position) && visit(child, path);
    if (!stop) forEachShape(child, position.keyed, visit, path);
    return child;
  });
}

interface Seen {
  node: TSchema;
  owner: Root;
  labels: string[];
}

/** Every candidate shape in the contract by key, in the order first met, with how often it is met. */
function countShapes(roots: Root[]) {
  const seen = new Map<string, Seen>();
  const count = new Map<string, number>();
  const meet = (node: TSchema, owner: Root, labels: string[]) => {
    const key = keyOf(node);
    if (!seen.has(key)) seen.set(key, { node, owner, labels });
    count.set(key, (count.get(key) ?? 0) + 1);
  };
  for (const root of roots) {
    if (isCandidate(root.schema, OPEN)) meet(root.schema, root, []);
    forEachShape(root.schema, false, (child, labels) => {
      meet(child, root, labels);
      return false;
    });
  }
  return { seen, count };
}

/** The shapes worth a function: met twice or more in the bodies that remain once the others are functions. */
function chooseHoisted(roots: Root[], seen: Map<string, Seen>, count: Map<string, number>): Set<string> {
  let hoisted = new Set([...seen.keys()].filter((key) => count.get(key)! >= 2 && key.length >= MIN_CODE_LENGTH));
  for (;;) {
    const refs = new Map<string, number>();
    const refer = (key: string) => refs.set(key, (refs.get(key) ?? 0) + 1);
    const walkBody = (node: TSchema) =>
      forEachShape(node, false, (child) => {
        const key = keyOf(child);
        if (hoisted.has(key)) refer(key);
        return hoisted.has(key);
      });
    for (const root of roots) {
      if (isCandidate(root.schema, OPEN) && hoisted.has(keyOf(root.schema))) refer(keyOf(root.schema));
      else walkBody(root.schema);
    }
    for (const key of hoisted) walkBody(seen.get(key)!.node);
    const kept = new Set([...hoisted].filter((key) => (refs.get(key) ?? 0) >= 2));
    if (kept.size === hoisted.size) return kept;
    hoisted = kept;
  }
}

/** Named after the first schema the contract exports with this shape, else after where it is first met. */
function unitNaming(key: string, seen: Seen, roots: Root[], taken: Set<string>) {
  const root = roots.find((r) => isCandidate(r.schema, OPEN) && keyOf(r.schema) === key);
  const where = root ? { owner: root, labels: [] } : seen;
  const base = ['check' + where.owner.name, ...where.labels.map((l) => l.replace(/[^A-Za-z0-9]/g, '_'))].join('_');
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}_${n}`;
  taken.add(name);
  return { name, origin: [where.owner.file.replace(/\.ts$/, ''), where.owner.name, ...where.labels].join('.') };
}

/**
 * The generated module a shape shared by several contract files lives in. Files of one family (market-map-*.ts, the
 * lazy marketing screens) share theirs in shared-<family>.ts, so a screen of the first load, which needs shared.ts,
 * does not carry the family's shapes with it.
 */
function sharedModule(files: Iterable<string>): string {
  const segments = [...files].map((f) => f.replace(/\.ts$/, '').split('-'));
  const first = segments[0] ?? [];
  let common = 0;
  while (common < first.length && segments.every((s) => s[common] === first[common])) common++;
  return common ? `shared-${first.slice(0, common).join('-')}.ts` : 'shared.ts';
}

/** The module each hoisted shape lives in: the one contract file whose guards call it, else a shared module. */
function placeUnits(roots: Root[], units: Map<string, Unit>) {
  const callers = new Map<string, Array<string | Unit>>();
  const call = (key: string, from: string | Unit) => callers.set(key, [...(callers.get(key) ?? []), from]);
  const walkBody = (node: TSchema, from: string | Unit) =>
    forEachShape(node, false, (child) => {
      const unit = units.get(keyOf(child));
      if (unit) call(keyOf(child), from);
      return unit !== undefined;
    });
  for (const root of roots) {
    const own = isCandidate(root.schema, OPEN) ? units.get(keyOf(root.schema)) : undefined;
    if (own) call(keyOf(root.schema), root.file);
    else walkBody(root.schema, root.file);
  }
  for (const unit of units.values()) walkBody(unit.schema, unit);
  // The contract files whose guards need the shape, directly or through the shapes that call it.
  const consumers = new Map<string, Set<string>>();
  const consumersOf = (key: string): Set<string> => {
    let files = consumers.get(key);
    if (!files) {
      const from = callers.get(key)!.flatMap((c) => (typeof c === 'string' ? [c] : [...consumersOf(keyOf(c.schema))]));
      consumers.set(key, (files = new Set(from.sort())));
    }
    return files;
  };
  for (const [key, unit] of units) {
    const files = consumersOf(key);
    const [only] = files;
    unit.home = files.size === 1 && only !== undefined ? only : sharedModule(files);
  }
}

export function hoistShapes(roots: Root[]): ShapePlan {
  const { seen, count } = countShapes(roots);
  const hoisted = chooseHoisted(roots, seen, count);
  const units = new Map<string, Unit>();
  const taken = new Set<string>();
  for (const [key, first] of seen) {
    if (!hoisted.has(key)) continue;
    const { name, origin } = unitNaming(key, first, roots, taken);
    units.set(key, { id: `GGUNIT${units.size}X`, name, home: '', origin, schema: first.node });
  }
  placeUnits(roots, units);
  return {
    units: [...units.values()],
    unitOfRoot: (root) => (isCandidate(root.schema, OPEN) ? units.get(keyOf(root.schema)) : undefined),
    substitute(schema) {
      const used = new Map<string, Unit>();
      const replace = (node: TSchema, keyed: boolean): TSchema =>
        mapChildren(node, keyed, (child, _label, position) => {
          const unit = isCandidate(child, position) ? units.get(keyOf(child)) : undefined;
          if (!unit) return replace(child, position.keyed);
          used.set(unit.id, unit);
          return { [Kind]: 'Ref', $ref: unit.id } as unknown as TSchema;
        });
      const out = replace(schema, false);
      const references = [...used.values()].map((u) => ({ [Kind]: 'Any', $id: u.id }) as unknown as TSchema);
      return { schema: out, references, used: [...used.values()] };
    },
  };
}
