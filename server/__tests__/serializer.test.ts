/**
 * The response serializers are built from simplified schemas (server/http/serializer.ts): a union is written by a
 * type check instead of a schema validator. Every route's responses must come out exactly as fast-json-stringify
 * writes them from the contract's own schemas.
 */
import { Kind, type TSchema, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import fc from 'fast-check';
import fastJson from 'fast-json-stringify';

import { forSerializing, serializerCompiler } from '../http/serializer';
import { createTestApp, type TestApp } from '../test-support/app';
import { arbitraryOf } from '../test-support/arbitrary';

const write = (schema: object) => serializerCompiler({ schema, method: 'GET', url: '/', httpStatus: '200' });

describe('forSerializing', () => {
  test('a value or null is the value, nullable', () => {
    expect(forSerializing(Type.Union([Type.String(), Type.Null()]))).toMatchObject({ type: 'string', nullable: true });
    const brief = Type.Object({ id: Type.Integer() });
    expect(forSerializing(Type.Union([brief, Type.Null()]))).toMatchObject({
      type: 'object',
      nullable: true,
      properties: { id: { type: 'integer' } },
    });
  });

  test('literals of one type are that type, and their constant goes', () => {
    const state = forSerializing(Type.Union([Type.Literal('new'), Type.Literal('viewed')])) as Record<string, unknown>;
    expect(state).toMatchObject({ type: 'string' });
    expect(state).not.toHaveProperty('const');
    expect(write(Type.Object({ s: Type.Union([Type.Literal('new'), Type.Literal('viewed')]) }))({ s: 'viewed' })).toBe(
      '{"s":"viewed"}',
    );
    expect(
      write(Type.Object({ s: Type.Union([Type.Literal('a'), Type.Literal('b'), Type.Null()]) }))({ s: null }),
    ).toBe('{"s":null}');
    expect(forSerializing(Type.Union([Type.Integer(), Type.Number()]))).toMatchObject({ type: 'number' });
  });

  test('a union of different shapes stays a union, its branches simplified', () => {
    const mixed = forSerializing(
      Type.Union([Type.String(), Type.Object({ a: Type.Union([Type.Integer(), Type.Null()]) })]),
    ) as { anyOf: Record<string, unknown>[] };
    expect(mixed.anyOf).toHaveLength(2);
    expect(mixed.anyOf[1]).toMatchObject({ properties: { a: { type: 'integer', nullable: true } } });
    expect(write(Type.Object({ v: Type.Union([Type.String(), Type.Integer()]) }))({ v: 7 })).toBe('{"v":7}');
  });

  test('properties the schema does not name are still left out', () => {
    expect(write(Type.Object({ a: Type.Union([Type.String(), Type.Null()]) }))({ a: 'x', secret: 1 })).toBe(
      '{"a":"x"}',
    );
  });
});

describe('every route writes its responses as from the contract’s schemas', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  test('the same JSON for values each response schema accepts', () => {
    let schemas = 0;
    for (const route of t.app.routeTable) {
      const response = (route.schema?.response ?? {}) as Record<string, object>;
      for (const schema of Object.values(response)) {
        schemas += 1;
        const ours = write(schema);
        const theirs = fastJson(schema as Parameters<typeof fastJson>[0]);
        fc.assert(
          fc.property(
            // A plain JSON schema (the QR code's text) is not TypeBox's to check; its values are all valid.
            arbitraryOf(schema as TSchema).filter(
              (value) => !(Kind in schema) || Value.Check(schema as TSchema, value),
            ),
            (value) => {
              expect(ours(value)).toBe(theirs(value));
            },
          ),
          { numRuns: 20, seed: schemas },
        );
      }
    }
    // Every API route has a response schema (success and errors); the count keeps the walk honest.
    expect(schemas).toBeGreaterThan(150);
  });
});
