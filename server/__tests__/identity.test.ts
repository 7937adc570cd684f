/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

import { isApiPath } from '../services';
import { createTestApp, type TestApp } from '../test-support/app';
import { apiRoutes, fillParams, queryStrings, type RouteUnderTest, validSample } from '../test-support/arbitrary';
import { sessionTokenFor } from '../test-support/session';
import { signRequest } from '../test-support/sign';

/**
 * Walked over the route table (so routes added later are covered too):
 * an id in a body or query that names another user never lets the caller act or read as
 * that user. Signed in as customer u4 and naming adviser u2: 403 (401 where the service
 * knows its caller by another credential). As a guest: 401, or the id is ignored (the
 * answer is the same whichever user it names).
 */

/** Body and query fields that name a user. */
const IDENTITY_FIELDS: Record<string, { u2: string; u1: string }> = {
  employee_id: { u2: 'E0002', u1: 'E0001' },
  employeeId: { u2: 'E0002', u1: 'E0001' },
  user_id: { u2: 'u2', u1: 'u1' },
  userId: { u2: 'u2', u1: 'u1' },
  userid: { u2: 'E0002', u1: 'E0001' },
  uuid: { u2: 'u2', u1: 'u1' },
  fp_code: { u2: 'u2', u1: 'u1' },
  customer_id: { u2: 'C0005', u1: 'C0006' },
};

/**
 * Ids that name whom to look at, not who is acting: public profiles by design.
 * Key: `METHOD url field`.
 */
const LOOKS_AT_OTHERS: Record<string, string> = {
  'POST /smart-live/smart-service/api/internal/id/query_fa_info employee_id':
    "an adviser looks up another adviser's public card",
};

let t: TestApp;
let u4Token = '';
beforeAll(async () => {
  t = await createTestApp();
  u4Token = await sessionTokenFor(t.database, 'u4', t.clock.now());
});
afterAll(() => t.close());

interface Case {
  route: RouteUnderTest;
  part: 'body' | 'querystring';
  field: string;
}

function cases(): Case[] {
  const out: Case[] = [];
  for (const route of apiRoutes(t.app.routeTable, isApiPath)) {
    for (const part of ['body', 'querystring'] as const) {
      const props = ((route[part] as { properties?: Record<string, unknown> } | undefined)?.properties ?? {}) as Record<
        string,
        unknown
      >;
      for (const field of Object.keys(props)) {
        if (IDENTITY_FIELDS[field] && !LOOKS_AT_OTHERS[`${route.method} ${route.url} ${field}`])
          out.push({ route, part, field });
      }
    }
  }
  return out;
}

/** A valid request for the route, with `field` naming `who`; null when the schema cannot take that id. */
function request(c: Case, who: 'u1' | 'u2', headers: Record<string, string>, accountId?: string) {
  const schema = c.route[c.part] as TSchema;
  const sample = { ...(validSample(schema, 7) as Record<string, unknown>), [c.field]: IDENTITY_FIELDS[c.field]![who] };
  if (!Value.Check(schema, sample)) return null;
  const other = c.part === 'body' ? c.route.querystring : c.route.body;
  const otherSample = other ? validSample(other, 7) : undefined;
  const body = c.part === 'body' ? sample : otherSample;
  const query = queryStrings(c.part === 'querystring' ? sample : otherSample);
  const url = fillParams(
    c.route.url,
    c.route.params ? (validSample(c.route.params, 7) as Record<string, unknown>) : undefined,
  );
  const req = {
    method: c.route.method,
    url,
    query,
    body: c.route.method === 'POST' ? (body ?? {}) : undefined,
    headers,
  };
  return c.route.scheme
    ? signRequest(req, { scheme: c.route.scheme, now: t.clock.now(), accountId })
    : signRequest(req, { scheme: 'basic', now: t.clock.now() });
}

test('the route table has routes that carry user ids (the walk is not empty)', () => {
  const names = cases().map((c) => `${c.route.method} ${c.route.url} ${c.field}`);
  expect(names.length).toBeGreaterThanOrEqual(8);
  expect(names).toEqual(
    expect.arrayContaining([
      'POST /live-api/cs-live-app/api/live/subscribe employee_id',
      'GET /smart-live/smart-service/api/id/getToken user_id',
    ]),
  );
});

test("signed in as one user and naming another: refused with 403 (or 401), or the id is ignored (the answer is the caller's own)", async () => {
  const failures: string[] = [];
  let ignored = 0;
  for (const c of cases()) {
    const req = request(c, 'u2', { authorization: `Bearer ${u4Token}` }, u4Token);
    if (!req) continue;
    const res = await t.app.inject(req);
    if (res.statusCode === 403 || res.statusCode === 401) continue;
    // Reads ignore the body's id: the same answer as naming someone else entirely means it was not used.
    const other = request(c, 'u1', { authorization: `Bearer ${u4Token}` }, u4Token)!;
    const again = await t.app.inject(other);
    if (res.statusCode >= 500 || again.statusCode !== res.statusCode || again.body !== res.body) {
      failures.push(`${c.route.method} ${c.route.url} ${c.field}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    } else ignored += 1;
  }
  expect(failures).toEqual([]);
  // Writes are still refused: only the personalised reads ignore.
  expect(ignored).toBeLessThan(cases().length);
});

test('as a guest naming a user: refused, or the id is ignored (same answer whichever user it names)', async () => {
  const failures: string[] = [];
  for (const c of cases()) {
    const a = request(c, 'u1', {});
    const b = request(c, 'u2', {});
    if (!a || !b) continue;
    const [ra, rb] = [await t.app.inject(a), await t.app.inject(b)];
    const refused = (s: number) => s === 401 || s === 403;
    if (refused(ra.statusCode) && refused(rb.statusCode)) continue;
    if (ra.statusCode >= 500 || ra.statusCode !== rb.statusCode || ra.body !== rb.body) {
      failures.push(`${c.route.method} ${c.route.url} ${c.field}: ${ra.statusCode} vs ${rb.statusCode}`);
    }
  }
  expect(failures).toEqual([]);
});

test('a forged token is refused wherever a user id is taken', async () => {
  const failures: string[] = [];
  for (const c of cases()) {
    const req = request(c, 'u2', { authorization: 'Bearer forged-token-0000000000' }, 'forged-sid-000000');
    if (!req) continue;
    const res = await t.app.inject(req);
    if (res.statusCode !== 401 && res.statusCode !== 403)
      failures.push(`${c.route.method} ${c.route.url} ${c.field}: ${res.statusCode}`);
  }
  expect(failures).toEqual([]);
});

test('marketing-map calls need an accountid naming a live sid', async () => {
  const routes = apiRoutes(t.app.routeTable, isApiPath).filter((r) => r.scheme === 'marketMap');
  expect(routes.length).toBeGreaterThan(0);
  const adviserSid = await sessionTokenFor(t.database, 'u1', t.clock.now());
  for (const r of routes) {
    const url = fillParams(r.url, r.params ? (validSample(r.params, 7) as Record<string, unknown>) : undefined);
    const body = r.method === 'POST' ? (r.body ? validSample(r.body, 7) : {}) : undefined;
    const query = queryStrings(r.querystring ? validSample(r.querystring, 7) : undefined);
    const forged = await t.app.inject(
      signRequest(
        { method: r.method, url, body, query },
        { scheme: 'marketMap', now: t.clock.now(), accountId: 'sid-nobody-signed-in' },
      ),
    );
    expect([r.url, forged.statusCode]).toEqual([r.url, 401]);
    const live = await t.app.inject(
      signRequest(
        { method: r.method, url, body, query },
        { scheme: 'marketMap', now: t.clock.now(), accountId: adviserSid },
      ),
    );
    expect([r.url, live.statusCode]).not.toEqual([r.url, 401]);
  }
});
