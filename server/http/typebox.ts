import type { Static, TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { Value } from '@sinclair/typebox/value';
import type { FastifySchemaCompiler, FastifySchemaValidationError, FastifyTypeProvider } from 'fastify';

import { integerOutOfRange } from './input-guard';

/**
 * Type provider for @sinclair/typebox 0.34, the TypeBox of the shared contract
 * (@fastify/type-provider-typebox 6 targets the newer `typebox` package).
 */
export interface TypeBoxProvider extends FastifyTypeProvider {
  validator: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
  serializer: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
}

/**
 * Path and query arrive as text, so they are converted first ("7" → 7); a JSON body must
 * already carry the contract's types, so "page": "2" is refused rather than guessed at.
 */
export const typeBoxValidatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const checker = TypeCompiler.Compile(schema);
  const convert = httpPart !== 'body';
  const fail = (instancePath: string, message: string) => {
    const error: FastifySchemaValidationError = {
      keyword: 'typebox',
      instancePath,
      schemaPath: '',
      params: {},
      message,
    };
    return { error: [error] };
  };
  return (input: unknown) => {
    if (convert) {
      const lossy = lossyInteger(schema, input);
      if (lossy) return fail(lossy, 'Expected integer');
    }
    const value = convert ? Value.Convert(schema, input) : input;
    const outOfRange = integerOutOfRange(schema, value);
    if (outOfRange) {
      const own = ownBounds(schema, outOfRange);
      // A bound the contract gives (a page's limit) is one a person can act on: say it in their words.
      return fail(
        outOfRange === '/' ? '' : outOfRange,
        own
          ? `超出范围：应为 ${own.min} 到 ${own.max} 之间的整数`
          : 'Expected integer within the 32-bit range (-2147483648..2147483647)',
      );
    }
    if (checker.Check(value)) return { value };
    const first = checker.Errors(value).First();
    return fail(first?.path ?? '', first?.message ?? 'is invalid');
  };
};

/** Value.Convert reads "1.5" or "1e3" as 1; an integer field's text must be a plain integer. */
function lossyInteger(schema: TSchema, input: unknown): string | null {
  if (schema.type !== 'object' || !isRecord(input)) return null;
  const properties = (schema.properties ?? {}) as Record<string, TSchema>;
  for (const [key, prop] of Object.entries(properties)) {
    const raw = input[key];
    if (prop.type === 'integer' && typeof raw === 'string' && !/^-?\d{1,15}$/.test(raw)) return `/${key}`;
  }
  return null;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** "body.employee_id: Expected required property": the message names the bad field. */
export function schemaErrorFormatter(errors: FastifySchemaValidationError[], dataVar: string): Error {
  const first = errors[0];
  const field = (first?.instancePath ?? '').split('/').filter(Boolean).join('.');
  return new Error(`${dataVar}${field ? `.${field}` : ''}: ${first?.message ?? 'is invalid'}`);
}

/** The contract's own integer bounds at a path of an object schema (a top-level field), if it gives both. */
function ownBounds(schema: TSchema, path: string): { min: number; max: number } | null {
  const key = path.split('/').filter(Boolean);
  if (key.length !== 1 || schema.type !== 'object') return null;
  const prop = ((schema.properties ?? {}) as Record<string, TSchema>)[key[0]!];
  if (!prop || typeof prop.minimum !== 'number' || typeof prop.maximum !== 'number') return null;
  return { min: prop.minimum, max: prop.maximum };
}
