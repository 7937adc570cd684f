import type { TSchema } from '@sinclair/typebox';

/**
 * Body limits per route, sized to the route's contract: the largest body its
 * schema can accept, so a route whose contract allows a 200-character question does not read a
 * megabyte first. Routes whose schema leaves something unbounded get DEFAULT_BODY_LIMIT; a route
 * that sets bodyLimit itself (action logs, error reports) keeps it.
 */
export const DEFAULT_BODY_LIMIT = 64 * 1024;
/** No schema-derived limit goes above this (Fastify's own default is 1 MiB). */
export const MAX_DERIVED_BODY_LIMIT = 4 * 1024 * 1024;
/** Enough for headers of a form or a small JSON object even when the schema says less. */
export const MIN_BODY_LIMIT = 1024;

/**
 * Bytes one UTF-16 unit can take on the wire: 3 in UTF-8 (CJK), and JSON escapes of quotes and
 * newlines take 2; `\uXXXX` control characters (6) are rare enough for the slack below.
 */
const BYTES_PER_CHAR = 3;
/** Numbers as JSON text: -2147483648 or 1.2345678901234567e+308. */
const NUMBER_BYTES = 24;

type Json = Record<string, unknown>;

/** Upper bound of the JSON text of any value the schema accepts; Infinity when unbounded. */
export function schemaMaxBytes(schema: TSchema | undefined): number {
  if (!schema) return Infinity;
  const s = schema as Json;
  if ('const' in s) return JSON.stringify(s.const)?.length ?? 4;
  if (Array.isArray(s.enum))
    return Math.max(...(s.enum as unknown[]).map((v) => BYTES_PER_CHAR * (JSON.stringify(v)?.length ?? 4)));
  const options = (s.anyOf ?? s.oneOf) as TSchema[] | undefined;
  if (Array.isArray(options)) return Math.max(...options.map(schemaMaxBytes));
  if (Array.isArray(s.allOf)) return (s.allOf as TSchema[]).reduce((sum, x) => sum + schemaMaxBytes(x), 0);
  switch (s.type) {
    case 'string':
      return typeof s.maxLength === 'number' ? s.maxLength * BYTES_PER_CHAR + 2 : Infinity;
    case 'integer':
    case 'number':
      return NUMBER_BYTES;
    case 'boolean':
      return 5;
    case 'null':
      return 4;
    case 'array': {
      if (typeof s.maxItems !== 'number') return Infinity;
      return 2 + s.maxItems * (schemaMaxBytes(s.items as TSchema) + 1);
    }
    case 'object': {
      // A record (any keys) is unbounded; extra keys on a plain object are what the limit cuts off.
      if (s.patternProperties) return Infinity;
      const props = (s.properties ?? {}) as Record<string, TSchema>;
      let sum = 2;
      for (const [key, value] of Object.entries(props)) sum += key.length * BYTES_PER_CHAR + 4 + schemaMaxBytes(value);
      return sum;
    }
    default:
      return Infinity;
  }
}

/** The bodyLimit for a route's body schema: its bound with room for whitespace, within the floor and ceiling. */
export function bodyLimitFor(schema: TSchema | undefined): number {
  const bound = schemaMaxBytes(schema);
  if (!Number.isFinite(bound)) return DEFAULT_BODY_LIMIT;
  return Math.min(MAX_DERIVED_BODY_LIMIT, Math.max(MIN_BODY_LIMIT, Math.ceil(bound * 1.25)));
}
