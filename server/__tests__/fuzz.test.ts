/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import type { TSchema } from '@sinclair/typebox';
import fc from 'fast-check';

import { createTestApp, type TestApp } from '../test-support/app';
import {
  apiRoutes,
  arbitraryOf,
  encodeLoose,
  fillParams,
  queryStrings,
  type RouteUnderTest,
} from '../test-support/arbitrary';
import { sessionTokenFor } from '../test-support/session';
import { signRequest } from '../test-support/sign';

/**
 * Bad input is a 400, never a 500. Every route of the route table (so
 * routes added later are covered) gets requests built from its own contract schema,
 * correctly signed and signed in, with hostile values mixed in: NUL bytes, lone
 * surrogates, integers past the 32-bit columns, over-long strings, deep and odd JSON.
 * FUZZ_RUNS sets the cases per route (default 30).
 */
jest.setTimeout(300_000);
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 30);

const deep = (n: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < n; i += 1) v = [v];
  return v;
};
const hostileString = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\uDC00\uD800',
  'a'.repeat(70_000),
  '../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '😀'.repeat(50),
  '',
  ' ',
);
const hostileNumber = fc.constantFrom(2 ** 31, -(2 ** 31) - 1, 2 ** 53, -(2 ** 53), 1e308, -1, 0, 1.5, 4294967296);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.constantFrom(null, true, [], {}, deep(40), { a: { b: { c: '\u0000' } } }, ['\uD800']),
  fc.jsonValue({ maxDepth: 3 }),
);

/** A body or query: valid from the schema, one field made hostile, or hostile as a whole. */
function input(schema: TSchema | undefined): fc.Arbitrary<unknown> {
  if (!schema) return fc.oneof(fc.constant(undefined), hostileValue);
  const valid = arbitraryOf(schema);
  const keys = Object.keys(((schema as { properties?: object }).properties ?? {}) as object);
  const bent = keys.length
    ? fc
        .tuple(valid, fc.constantFrom(...keys, '__extra'), hostileValue)
        .map(([v, k, h]) => ({ ...(v as object), [k]: h }))
    : valid;
  return fc.oneof(
    { arbitrary: valid, weight: 2 },
    { arbitrary: bent, weight: 5 },
    { arbitrary: hostileValue, weight: 1 },
  );
}

let t: TestApp;
let token = '';
beforeAll(async () => {
  t = await createTestApp();
  token = await sessionTokenFor(t.database, 'u1', t.clock.now());
});
afterAll(() => t.close());

const counts = { cases: 0, status4xx: 0, status5xx: 0, status2xx: 0 };
afterAll(() => {
  console.info(
    `fuzz: ${counts.cases} cases, ${counts.status2xx} 2xx/3xx, ${counts.status4xx} 4xx, ${counts.status5xx} 5xx`,
  );
});

function routes(): RouteUnderTest[] {
  return apiRoutes(t.app.routeTable, (url) => url.startsWith('/') && url !== '/*');
}

test('every route answers hostile and random input without a 5xx', async () => {
  const all = routes();
  expect(all.length).toBeGreaterThan(30);
  const failures: string[] = [];
  for (const route of all) {
    const started = Date.now();
    const arb = fc.record({ body: input(route.body), query: input(route.querystring), params: input(route.params) });
    await fc.assert(
      fc.asyncProperty(arb, async ({ body, query, params }) => {
        const url = fillParams(
          route.url,
          params && typeof params === 'object' ? (params as Record<string, unknown>) : { id: params },
        );
        const q = queryStrings(query);
        // Query text goes into the URL by hand, so that text which is not text still travels.
        const search = q
          ? Object.entries(q)
              .map(([k, v]) => `${encodeLoose(k)}=${encodeLoose(v)}`)
              .join('&')
          : '';
        const req = {
          method: route.method,
          url: search ? `${url}?${search}` : url,
          body: route.method === 'POST' ? body : undefined,
          headers: { authorization: `Bearer ${token}`, appid: 'live' },
        };
        let signed;
        try {
          signed = signRequest(req, { scheme: route.scheme ?? 'basic', now: t.clock.now(), accountId: token });
        } catch {
          // The client cannot sign text that is not text (encodeURIComponent throws): send it unsigned.
          signed = {
            ...req,
            payload: JSON.stringify(body ?? {}),
            headers: { ...req.headers, 'content-type': 'application/json' },
          };
        }
        const res = await t.app.inject(signed);
        counts.cases += 1;
        if (res.statusCode >= 500) {
          counts.status5xx += 1;
          failures.push(
            `${route.method} ${route.url} ${res.statusCode} ${res.body.slice(0, 100)} ${JSON.stringify({ body, query, params }).slice(0, 200)}`,
          );
        } else if (res.statusCode >= 400) counts.status4xx += 1;
        else counts.status2xx += 1;
      }),
      {
        numRuns: RUNS_PER_ROUTE,
        seed: 16,
        endOnFailure: true,
        reporter: (r) => {
          if (r.failed) failures.push(`${route.method} ${route.url}: ${String(r.errorInstance).slice(0, 300)}`);
        },
      },
    );
    if (process.env.FUZZ_TRACE) process.stderr.write(`${route.method} ${route.url} ${Date.now() - started} ms\n`);
  }
  expect(failures.slice(0, 20)).toEqual([]);
  expect(counts.cases).toBeGreaterThanOrEqual(all.length * RUNS_PER_ROUTE);
});

test('the hostile values themselves are each a 400 with a message', async () => {
  const url = '/live-api/cs-live-app/api/live/subscribe';
  for (const bad of ['a\u0000b', '\uD800x', 'x\uDFFF']) {
    const body = { num_index: 1, real_name: bad, employee_id: 'E0001' };
    const res = await t.app.inject({
      method: 'POST',
      url,
      payload: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });
    expect([res.statusCode, res.json().error.message]).toEqual([400, expect.stringMatching(/NUL|surrogate/)]);
  }
  // A token of its own: the walk above also called /api/id/logout, which ends the shared one.
  const own = await sessionTokenFor(t.database, 'u1', t.clock.now());
  const big = signRequest(
    {
      method: 'POST',
      url,
      body: { num_index: 2 ** 31, real_name: '', employee_id: 'E0001' },
      headers: { authorization: `Bearer ${own}` },
    },
    { scheme: 'basic', now: t.clock.now() },
  );
  const res = await t.app.inject(big);
  expect([res.statusCode, res.json().error.message]).toEqual([400, expect.stringMatching(/32-bit/)]);
  const nested = await t.app.inject({
    method: 'POST',
    url,
    payload: JSON.stringify({ num_index: deep(100) }),
    headers: { 'content-type': 'application/json' },
  });
  expect([nested.statusCode, nested.json().error.message]).toEqual([400, expect.stringMatching(/deeper/)]);
  const veryDeep = `{"num_index":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
  const deepRes = await t.app.inject({
    method: 'POST',
    url,
    payload: veryDeep,
    headers: { 'content-type': 'application/json' },
  });
  // Past the route's body limit (sized to its contract) it is refused unread: 413, still no 500.
  expect([400, 413]).toContain(deepRes.statusCode);
});
