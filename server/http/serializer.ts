import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';

type Schema = Record<string | symbol, unknown>;

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const PRIMITIVE = new Set(['string', 'number', 'integer', 'boolean']);
const COMBINATORS = ['anyOf', 'oneOf', 'allOf', 'not', 'if'] as const;

/** The one primitive type a union's branch writes, or null when it is anything else (an object, a mix). */
function primitiveOf(branch: Schema): string | null {
  if (COMBINATORS.some((k) => k in branch) || 'format' in branch) return null;
  const type = branch.type;
  return typeof type === 'string' && PRIMITIVE.has(type) ? type : null;
}

/**
 * A response schema as fast-json-stringify should write it. The contract's unions (a TypeBox `Union` of literals, a
 * value or null) are JSON-schema `anyOf`, which fast-json-stringify settles by running a schema validator on the value
 * each time it writes one: on a page of twenty cards that was a tenth of a millisecond a request, more than the
 * page's own mapping. What a serializer needs of such a union is only how to write the value:
 * - `X | null`, with X one schema, is X marked `nullable` (written by a null check);
 * - literals and plain values of one primitive type (`'new' | 'viewed'`, and null) are that type; a literal's `const`
 *   goes, since the serializer would write the constant whatever the value;
 * - any other union stays as it is (its branches simplified).
 * What the response may contain is still the schema's: properties it does not name are left out as before.
 */
export function forSerializing(schema: unknown, seen = new Map<object, unknown>()): unknown {
  if (!isSchema(schema)) return schema;
  const done = seen.get(schema);
  if (done !== undefined) return done;
  const out: Schema = { ...schema };
  seen.set(schema, out);
  const each = (value: unknown) => forSerializing(value, seen);
  if (isSchema(out.properties)) {
    out.properties = Object.fromEntries(Object.entries(out.properties).map(([k, v]) => [k, each(v)]));
  }
  if (isSchema(out.patternProperties)) {
    out.patternProperties = Object.fromEntries(Object.entries(out.patternProperties).map(([k, v]) => [k, each(v)]));
  }
  if (isSchema(out.additionalProperties)) out.additionalProperties = each(out.additionalProperties);
  if (Array.isArray(out.items)) out.items = out.items.map(each);
  else if (isSchema(out.items)) out.items = each(out.items);
  if (!Array.isArray(out.anyOf)) return out;

  const branches = (out.anyOf as unknown[]).map(each).filter(isSchema);
  const nullable = branches.some((b) => b.type === 'null' && Object.keys(b).length === 1);
  const values = branches.filter((b) => !(b.type === 'null' && Object.keys(b).length === 1));
  const { anyOf: _anyOf, ...siblings } = out;
  const withNull = (s: Schema): Schema => (nullable ? { ...s, nullable: true } : s);
  if (values.length === 1 && typeof values[0]!.type === 'string' && !COMBINATORS.some((k) => k in values[0]!)) {
    return replace(seen, schema, withNull({ ...siblings, ...values[0]! }));
  }
  const types = new Set(values.map(primitiveOf));
  if (values.length > 0 && types.size === 1 && !types.has(null)) {
    return replace(seen, schema, withNull({ ...siblings, type: [...types][0] }));
  }
  if (values.length > 0 && values.every((b) => primitiveOf(b) === 'integer' || primitiveOf(b) === 'number')) {
    return replace(seen, schema, withNull({ ...siblings, type: 'number' }));
  }
  out.anyOf = branches;
  return out;
}

function replace(seen: Map<object, unknown>, from: object, to: Schema): Schema {
  seen.set(from, to);
  return to;
}

/** Fastify's response serializers, built from the schemas as `forSerializing` leaves them. */
export const serializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) =>
  fastJson(forSerializing(schema) as Parameters<typeof fastJson>[0]);
