/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { ErrorCode } from '../../src/api/contract/envelope';
import { createTestApp, postRaw, type TestApp } from '../test-support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Routes that fail on purpose, added before the app is ready.
  t.app.get('/smart-live/smart-service/__boom', async () => {
    throw new Error('db password=hunter2 at /srv/secret.ts:12');
  });
  t.app.get('/live-api/cs-live-app/__reject', async () => Promise.reject(new TypeError('undefined is not a function')));
});
afterAll(() => t.close());

describe('unknown routes under a service answer the envelope 404', () => {
  test.each([
    ['GET', '/smart-live/smart-service/api/nope'],
    ['POST', '/live-api/cs-live-app/api/live/nope'],
    ['POST', '/chat-room/room/nope'],
    // Paths no issue will ever build, so the test keeps meaning "unknown" as services fill in.
    ['POST', '/chat-group/act/nope'],
    ['POST', '/mgm-service/invite/nope'],
    ['GET', '/noah-common/wx-ecology-java/api/nope'],
    ['GET', '/market_map_url/nope'],
    ['GET', '/sdk/nope'],
    ['GET', '/smart-live/smart-service'],
  ])('%s %s', async (method, url) => {
    const res = await t.app.inject({ method: method as 'GET' | 'POST', url, headers: { accept: 'text/html,*/*' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({
      error: { code: ErrorCode.notFound, message: expect.stringContaining(url) },
      data: null,
    });
  });

  test('a known path with the wrong method is a 404 envelope too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/smart-live/smart-service/api/live/getLivesByCategoryId' });
    expect([res.statusCode, res.json().error.code]).toEqual([404, ErrorCode.notFound]);
  });
});

describe('unexpected failures', () => {
  test.each(['/smart-live/smart-service/__boom', '/live-api/cs-live-app/__reject'])(
    '%s: 500 envelope, nothing leaked',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: { code: ErrorCode.internal, message: 'Internal server error' }, data: null });
      expect(res.body).not.toMatch(/hunter2|secret\.ts|at |stack|TypeError/);
    },
  );

  test('a wrong content type is a 4xx envelope', async () => {
    const res = await postRaw(t, '/smart-live/smart-service/api/live/getLivesByCategoryId', 'application/xml', '<a/>');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ error: { code: ErrorCode.badRequest }, data: null });
  });
});
