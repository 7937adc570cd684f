import type { TSchema } from '@sinclair/typebox';

import { badRequest } from './errors';

/**
 * Input every route refuses before its own checks, so the signature
 * computation, the schema check and the database never see it: NUL bytes (PostgreSQL text
 * cannot hold them), lone UTF-16 surrogates (not text; encodeURIComponent throws on them)
 * and JSON nested deeper than any request of the contract.
 */
export const MAX_JSON_DEPTH = 32;
export const INT32_MAX = 2_147_483_647;
export const INT32_MIN = -2_147_483_648;

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function badText(s: string): string | null {
  if (s.includes('\u0000')) return 'contains a NUL byte';
  if (LONE_SURROGATE.test(s)) return 'contains a lone UTF-16 surrogate (not valid text)';
  return null;
}

/** Throws a 400 naming where the first bad string or too deep nesting is. */
export function checkInput(part: string, value: unknown): void {
  // Iterative, so a hostile depth cannot overflow the stack here.
  const stack: { v: unknown; path: string; depth: number }[] = [{ v: value, path: part, depth: 0 }];
  while (stack.length > 0) {
    const { v, path, depth } = stack.pop()!;
    if (typeof v === 'string') {
      const problem = badText(v);
      if (problem) throw badRequest(`${path} ${problem}`);
      continue;
    }
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= MAX_JSON_DEPTH) throw badRequest(`${part} is nested deeper than ${MAX_JSON_DEPTH} levels`);
    if (Array.isArray(v)) {
      v.forEach((x, i) => stack.push({ v: x, path: `${path}[${i}]`, depth: depth + 1 }));
    } else {
      for (const [k, x] of Object.entries(v)) {
        const problem = badText(k);
        if (problem) throw badRequest(`${path} has a key that ${problem}`);
        stack.push({ v: x, path: `${path}.${k}`, depth: depth + 1 });
      }
    }
  }
}

/**
 * An integer outside the 32-bit column range, where the schema gives no bound of its own:
 * ids and counts are `integer` columns, so 2^31 would fail in the database (a 500).
 */
export function integerOutOfRange(schema: TSchema, value: unknown, path = ''): string | null {
  const s = schema as Record<string, unknown>;
  if (s.type === 'integer' && typeof value === 'number') {
    // Instants (ms timestamps: timestamp, time, *_at) are bigint columns; every other integer is 32-bit.
    const wide = /(time|stamp|_at|ts)$/i.test(path.split('/').pop() ?? '');
    const [lo, hi] = wide ? [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER] : [INT32_MIN, INT32_MAX];
    const max = typeof s.maximum === 'number' ? s.maximum : hi;
    const min = typeof s.minimum === 'number' ? s.minimum : lo;
    return value > Math.min(max, hi) || value < Math.max(min, lo) ? path || '/' : null;
  }
  if (Array.isArray(s.anyOf)) {
    for (const branch of s.anyOf as TSchema[]) {
      const found = integerOutOfRange(branch, value, path);
      if (found) return found;
    }
    return null;
  }
  if (s.type === 'object' && typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const props = (s.properties ?? {}) as Record<string, TSchema>;
    for (const [k, p] of Object.entries(props)) {
      const found = integerOutOfRange(p, (value as Record<string, unknown>)[k], `${path}/${k}`);
      if (found) return found;
    }
    return null;
  }
  if (s.type === 'array' && Array.isArray(value) && s.items) {
    for (let i = 0; i < value.length; i += 1) {
      const found = integerOutOfRange(s.items as TSchema, value[i], `${path}/${i}`);
      if (found) return found;
    }
  }
  return null;
}
