import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import fc from 'fast-check';
import type { RouteOptions } from 'fastify';

import type { SignatureScheme } from '../../src/api/contract/signature';
import { signatureSchemeOf } from '../security/signature';

/**
 * fast-check arbitraries from the contract's TypeBox schemas (they are JSON Schema), so that
 * tests walking the route table can build valid requests for any route and bend them into
 * hostile ones. Only the keywords the contract uses are understood.
 */
type Json = Record<string, unknown>;
const INT32 = 2_147_483_647;

export function arbitraryOf(schema: TSchema, depth = 0): fc.Arbitrary<unknown> {
  const s = schema as Json;
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.anyOf)) return fc.oneof(...(s.anyOf as TSchema[]).map((x) => arbitraryOf(x, depth)));
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  switch (s.type) {
    case 'object': {
      const props = (s.properties ?? {}) as Record<string, TSchema>;
      const required = (s.required ?? []) as string[];
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries(props)) model[k] = arbitraryOf(v, depth + 1);
      return fc.record(model, { requiredKeys: required });
    }
    case 'array': {
      if (Array.isArray(s.items)) return fc.tuple(...(s.items as TSchema[]).map((x) => arbitraryOf(x, depth + 1)));
      const min = Number(s.minItems ?? 0);
      const max = Math.min(Number(s.maxItems ?? min + 4), min + 4);
      return fc.array(arbitraryOf(s.items as TSchema, depth + 1), { minLength: min, maxLength: max });
    }
    case 'string': {
      const min = Number(s.minLength ?? 0);
      const max = Math.min(Number(s.maxLength ?? 64), 400);
      if (typeof s.pattern === 'string') {
        // Stretched or cut to the length bounds rather than filtered (a filter can spin for long
        // ones); for the contract's character-class patterns the result still matches.
        return fc
          .stringMatching(new RegExp(s.pattern))
          .map((x) =>
            (x.length > 0 && x.length < min ? x.repeat(Math.ceil(min / x.length)) : x).slice(0, Math.max(max, 1)),
          );
      }
      if (s.format === 'date')
        return fc
          .date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) })
          .map((d) => d.toISOString().slice(0, 10));
      return fc.string({ minLength: min, maxLength: Math.max(min, max), unit: 'grapheme-ascii' });
    }
    case 'integer': {
      const min = Math.max(
        Number(s.minimum ?? -INT32),
        s.exclusiveMinimum !== undefined ? Number(s.exclusiveMinimum) + 1 : -Infinity,
      );
      const max = Math.min(
        Number(s.maximum ?? INT32),
        s.exclusiveMaximum !== undefined ? Number(s.exclusiveMaximum) - 1 : Infinity,
      );
      return fc.integer({ min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) });
    }
    case 'number':
      return fc.double({
        min: Number(s.minimum ?? -1e9),
        max: Number(s.maximum ?? 1e9),
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return depth > 2 ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
  }
}

/** One value the schema accepts (deterministic for a seed), or undefined when none was found. */
export function validSample(schema: TSchema, seed: number): unknown {
  for (const v of fc.sample(arbitraryOf(schema), { seed, numRuns: 60 })) if (Value.Check(schema, v)) return v;
  return undefined;
}

/** A route as the tests see it: where, how it is signed, and its request schemas. */
export interface RouteUnderTest {
  method: 'GET' | 'POST';
  url: string;
  scheme: SignatureScheme | null;
  body?: TSchema;
  querystring?: TSchema;
  params?: TSchema;
}

/** The API routes of the route table (GET/POST), with what a request needs. */
export function apiRoutes(table: readonly RouteOptions[], isApi: (url: string) => boolean): RouteUnderTest[] {
  const out: RouteUnderTest[] = [];
  for (const r of table) {
    const methods = (Array.isArray(r.method) ? r.method : [r.method]).filter(
      (m): m is 'GET' | 'POST' => m === 'GET' || m === 'POST',
    );
    if (!isApi(r.url) || r.url.includes('*')) continue;
    const schema = (r.schema ?? {}) as { body?: TSchema; querystring?: TSchema; params?: TSchema };
    for (const method of methods) {
      out.push({
        method,
        url: r.url,
        scheme: signatureSchemeOf(r.preValidation),
        body: schema.body,
        querystring: schema.querystring,
        params: schema.params,
      });
    }
  }
  return out;
}

/** The URL with its :params filled in (strings as they travel). */
export function fillParams(url: string, params: Record<string, unknown> | undefined): string {
  return url.replace(/:(\w+)/g, (_m, k: string) => encodeLoose(String(params?.[k] ?? '1')));
}

/** encodeURIComponent, but a lone surrogate travels as the bytes a careless client would send. */
export function encodeLoose(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return s
      .split(/([\uD800-\uDFFF])/)
      .map((part) => (/^[\uD800-\uDFFF]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
      .join('');
  }
}

/** Query values as strings, as a URL carries them. */
export function queryStrings(q: unknown): Record<string, string> | undefined {
  if (!q || typeof q !== 'object') return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(q as Json))
    if (v !== undefined) out[k] = typeof v === 'string' ? v : JSON.stringify(v);
  return out;
}
