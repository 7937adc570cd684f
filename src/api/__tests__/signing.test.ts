import { createHash } from 'node:crypto';

import { ALL_SERVICES, fakeClients, TEST_NONCE, TEST_NOW_MS, testEnvironment } from '../testing/fake-transport';

// Digests are recomputed here with Node's own MD5, independently of contract/signature.ts.
const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');
const TS = String(Math.floor(TEST_NOW_MS / 1000));
const SIGNING = testEnvironment.secrets.signing;
const MARKET_MAP = testEnvironment.secrets.marketMap;

const contentDigest = (canonical: string, appKey = 'wna') =>
  md5(`${canonical}&appkey=${appKey}&timestamp=${TS}&nonce=${TEST_NONCE}&secret=${SIGNING}`);

describe('basic signature (most calls, docs/rules/services.md#headers-and-signatures)', () => {
  it('sends timestamp in seconds, nonce, appkey and md5(timestamp + appkey + nonce + secret)', async () => {
    const { transport, clients } = fakeClients();
    await clients.liveApp.post('/api/live/subscribe', { num_index: 7 });
    const h = transport.last().headers;
    expect(h.timestamp).toBe(TS);
    expect(h.nonce).toBe(TEST_NONCE);
    expect(h.appkey).toBe('wna');
    expect(h.signature).toBe(md5(`${TS}wna${TEST_NONCE}${SIGNING}`));
  });

  it('signs with the application identifier the context supplies (smile, gopher)', async () => {
    for (const appKey of ['smile', 'gopher'] as const) {
      const { transport, clients } = fakeClients({ credentials: { appKey } });
      await clients.liveService.get('/api/store/index');
      expect(transport.last().headers.appkey).toBe(appKey);
      expect(transport.last().headers.signature).toBe(md5(`${TS}${appKey}${TEST_NONCE}${SIGNING}`));
    }
  });

  it('is the default of every client but the marketing map', async () => {
    const { transport, clients } = fakeClients();
    for (const name of ALL_SERVICES.filter((n) => n !== 'marketMap')) {
      await clients[name].post('/x', {});
      expect(transport.last().headers.signature).toBe(md5(`${TS}wna${TEST_NONCE}${SIGNING}`));
    }
  });

  it('uses a fresh timestamp and nonce for every request', async () => {
    let n = 0;
    const { transport, clients } = fakeClients({ now: () => TEST_NOW_MS + 1000 * n, nonce: () => `nonce-${++n}` });
    await clients.liveApp.get('/a');
    await clients.liveApp.get('/b');
    expect(transport.sent.map((r) => r.headers.nonce)).toEqual(['nonce-1', 'nonce-2']);
    expect(transport.sent[0]?.headers.signature).not.toBe(transport.sent[1]?.headers.signature);
  });

  it('can be switched off per request', async () => {
    const { transport, clients } = fakeClients();
    await clients.liveApp.get('/public', { signature: 'none' });
    expect(transport.last().headers).not.toHaveProperty('signature');
    expect(transport.last().headers).not.toHaveProperty('timestamp');
  });
});

describe('signature by request contents (live service endpoints of docs/rules/services.md#content-signed-calls)', () => {
  it('covers the body with keys sorted', async () => {
    const { transport, clients } = fakeClients();
    await clients.liveService.post(
      '/api/live/getDetail',
      { num_index: 5, employee_id: 'e1' },
      { signature: 'content' },
    );
    expect(transport.last().headers.signature).toBe(contentDigest('employee_id=e1&num_index=5'));
    expect(transport.last().headers.appkey).toBe('wna');
    expect(transport.last().headers.timestamp).toBe(TS);
  });

  it('drops null and undefined fields, keeps false and 0 and empty strings', async () => {
    const { transport, clients } = fakeClients();
    const body = { union_id: null, real_name: undefined, flag: false, count: 0, note: '', num_index: 9 };
    await clients.liveService.post('/api/live/wechatSubscribe', body, { signature: 'content' });
    expect(transport.last().headers.signature).toBe(contentDigest('count=0&flag=false&note=&num_index=9'));
  });

  it('writes nested objects and arrays as compact JSON in their own key order', async () => {
    const { transport, clients } = fakeClients();
    const body = { z: 1, a: { y: 2, x: [1, null, 'b'] }, list: [{ k: 'v' }] };
    await clients.liveService.post('/api/live/getLivesByCategoryId', body, { signature: 'content' });
    expect(transport.last().headers.signature).toBe(contentDigest('a={"y":2,"x":[1,null,"b"]}&list=[{"k":"v"}]&z=1'));
  });

  it('merges query params and body; the body wins on a clash', async () => {
    const { transport, clients } = fakeClients();
    await clients.liveService.post(
      '/api/live/getDetail',
      { num_index: 5, page: 2 },
      { params: { page: 1, b: 'x' }, signature: 'content' },
    );
    expect(transport.last().headers.signature).toBe(contentDigest('b=x&num_index=5&page=2'));
  });

  it('covers a query written into the url (GET /api/id/getToken?user_id=…)', async () => {
    const { transport, clients } = fakeClients();
    await clients.liveService.get('/api/id/getToken?user_id=u%2017', { params: { extra: 1 }, signature: 'content' });
    expect(transport.last().headers.signature).toBe(contentDigest('extra=1&user_id=u 17'));
  });

  it('signs an empty content for a bare GET (statistics/data/{id}); path segments are not covered', async () => {
    const { transport, clients } = fakeClients();
    await clients.liveService.get('/api/live/statistics/data/42', { signature: 'content' });
    expect(transport.last().headers.signature).toBe(contentDigest(''));
  });

  it('treats a body passed as JSON text like the object the server parses', async () => {
    const { transport, clients } = fakeClients();
    await clients.liveService.post('/api/live/getDetail', JSON.stringify({ num_index: 5, employee_id: 'e1' }), {
      signature: 'content',
    });
    expect(transport.last().headers.signature).toBe(contentDigest('employee_id=e1&num_index=5'));
  });
});

describe('marketing-map signature (docs/rules/services.md#marketing-map)', () => {
  it('sends accountid (the stored sid), timestamp, nonce and md5(sid + timestamp + nonce + secret)', async () => {
    const { transport, clients } = fakeClients();
    await clients.marketMap.get('/chance-card/list');
    const h = transport.last().headers;
    expect(h.accountid).toBe('sid-42');
    expect(h.timestamp).toBe(TS);
    expect(h.nonce).toBe(TEST_NONCE);
    expect(h.signature).toBe(md5(`sid-42${TS}${TEST_NONCE}${MARKET_MAP}`));
    expect(h).not.toHaveProperty('appkey');
    // The marketing map knows the adviser by sid, not by the user token.
    expect(h).not.toHaveProperty('authorization');
  });

  it('leaves accountid out before sign-in and signs an empty sid', async () => {
    const { transport, clients } = fakeClients({ credentials: { accountId: undefined } });
    await clients.marketMap.post('/auth/work-wechat-login', { code: 'c' });
    expect(transport.last().headers).not.toHaveProperty('accountid');
    expect(transport.last().headers.signature).toBe(md5(`${TS}${TEST_NONCE}${MARKET_MAP}`));
  });
});
