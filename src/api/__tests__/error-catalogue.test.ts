import { createHash } from 'node:crypto';

import type { ApiContext } from '../client';
import { isSessionInvalid, restartsAuthorization } from '../errors';
import { request, requestData } from '../request';
import { createServiceClients } from '../services';
import {
  ALL_SERVICES,
  fail,
  fakeClients,
  type FakeReply,
  fakeTransport,
  ok,
  TEST_NONCE,
  TEST_NOW_MS,
  testContext,
  testEnvironment,
} from '../testing/fake-transport';
import { rejection } from '../testing/rejection';

/** One block per row that concerns the HTTP layer (docs/rules/errors.md). */

function setup(reply: FakeReply, context: Partial<ApiContext> = {}) {
  const reportError = jest.fn();
  return { ...fakeClients({ reportError, ...context }, reply), reportError };
}

describe('row 1: error code 210001, 210002 or 210003 in the error object → session invalid', () => {
  it.each([210001, 210002, 210003])('code %i on a 200 answer rejects ApiError session-invalid', async (code) => {
    const { clients } = setup({ status: 200, body: fail(code, 'token expired') });
    const error = await rejection(clients.liveApp.get('/api/live/getLiveState/1'));
    expect(error).toMatchObject({ kind: 'session-invalid', code, httpStatus: 200 });
    expect(error.message).toBe('登录已失效，请重新登录');
    expect(isSessionInvalid(error)).toBe(true);
  });

  it('also on a 401 answer, and on every client (live, invitation, marketing map, tracking…)', async () => {
    const { clients } = setup({ status: 401, body: fail(210002) });
    for (const name of ALL_SERVICES) {
      expect(await rejection(clients[name].get('/x'))).toMatchObject({
        kind: 'session-invalid',
        code: 210002,
        httpStatus: 401,
      });
    }
  });

  it('only in the error object: a top-level code of 210001 is an ordinary answer', async () => {
    const { clients } = setup({ status: 200, body: { code: 210001, msg: 'x', data: null } });
    await expect(clients.common.get('/x')).resolves.toMatchObject({ status: 200 });
  });

  it('the interceptor never navigates: the saga decides to go to /login', async () => {
    const { clients } = setup({ status: 200, body: fail(210001) });
    const before = { href: window.location.href, length: window.history.length };
    await rejection(clients.liveApp.get('/x'));
    expect({ href: window.location.href, length: window.history.length }).toEqual(before);
  });

  it('a session error on the marketing map is not reported (an expected state, not a failure)', async () => {
    const { clients, reportError } = setup({ status: 200, body: fail(210001) });
    await rejection(clients.marketMap.get('/chance-card/list'));
    expect(reportError).not.toHaveBeenCalled();
  });
});

describe('rows 2 and 3: web-chat code 40163/40029 and share-page code -1 → restart authorization', () => {
  it.each([40163, 40029, -1])('code %i becomes a business error the auth saga recognises', async (code) => {
    const { clients } = setup({ status: 200, body: { code, msg: 'invalid code', data: null } });
    const error = await rejection(
      requestData(clients.common, { method: 'POST', url: '/wx/code', data: { wxCode: 'c' } }, { envelope: 'code' }),
    );
    expect(error).toMatchObject({ kind: 'business', code });
    expect(restartsAuthorization(error)).toBe(true);
    expect(isSessionInvalid(error)).toBe(false);
    expect(error.message).toBe('授权已失效，正在重新授权');
  });

  it('other business codes do not restart authorization', async () => {
    const { clients } = setup({ status: 200, body: fail(100405, '直播不存在') });
    const error = await rejection(requestData(clients.liveApp, { url: '/x' }));
    expect(restartsAuthorization(error)).toBe(false);
  });
});

describe('row 4: network error on the live and invitation clients → empty value', () => {
  it.each(['liveService', 'liveApp', 'invitation'] as const)('%s resolves an empty value (null data)', async (name) => {
    const { clients } = setup({ network: true });
    const response = await clients[name].get('/x');
    expect(response.data).toBeNull();
    await expect(request(clients[name], { url: '/x' })).resolves.toBeNull();
    await expect(requestData(clients[name], { url: '/x' })).resolves.toBeNull();
  });

  it('a timeout on those clients also gives the empty value', async () => {
    const { clients } = setup({ timeout: true });
    await expect(requestData(clients.liveService, { url: '/x' })).resolves.toBeNull();
  });

  it('clients the row does not name (chat room, common service) reject ApiError network', async () => {
    const { clients } = setup({ network: true });
    expect(await rejection(clients.chatRoom.post('/room/online', {}))).toMatchObject({
      kind: 'network',
      code: null,
      httpStatus: null,
    });
    expect(await rejection(clients.common.get('/x'))).toMatchObject({ kind: 'network' });
  });
});

describe('row 5: network error on the own backend client → rejected to the caller', () => {
  it('rejects ApiError network with a user message', async () => {
    const { clients } = setup({ network: true });
    const error = await rejection(clients.tracking.post('/event.php', { event_name: 'e', event_data: {} }));
    expect(error).toMatchObject({ kind: 'network', service: 'tracking', url: '/event.php' });
    expect(error.message).toBe('网络连接失败，请检查网络后重试');
  });

  it('a timeout rejects ApiError timeout', async () => {
    const { clients } = setup({ timeout: true });
    const error = await rejection(clients.tracking.post('/fast.php', {}));
    expect(error).toMatchObject({ kind: 'timeout' });
    expect(error.message).toBe('请求超时，请稍后重试');
  });
});

describe('row 6: marketing-map failure → reported with the request signature as a tag, and rejected', () => {
  const signature = createHash('md5')
    .update(`sid-42${Math.floor(TEST_NOW_MS / 1000)}${TEST_NONCE}${testEnvironment.secrets.marketMap}`)
    .digest('hex');

  it.each<[string, FakeReply, string]>([
    ['a network error', { network: true }, 'network'],
    ['a timeout', { timeout: true }, 'timeout'],
    ['HTTP 502 without an envelope', { status: 502, body: '<html>Bad gateway</html>' }, 'http'],
    ['HTTP 500 with an envelope', { status: 500, body: fail(100500, 'boom') }, 'business'],
  ])('%s', async (_label, reply, kind) => {
    const { clients, reportError } = setup(reply);
    const error = await rejection(clients.marketMap.get('/chance-card/list'));
    expect(error).toMatchObject({ kind, requestSignature: signature, service: 'marketMap' });
    expect(reportError).toHaveBeenCalledTimes(1);
    expect(reportError).toHaveBeenCalledWith(error, { tags: { signature } });
  });

  it('the signature reaches errors that request() raises too', async () => {
    const { clients } = setup({ status: 200, body: fail(100406) });
    const error = await rejection(requestData(clients.marketMap, { url: '/chance/list' }));
    expect(error).toMatchObject({ kind: 'business', code: 100406, requestSignature: signature });
  });

  it('a broken reporter does not change what the caller sees', async () => {
    const { clients } = setup(
      { network: true },
      {
        reportError: () => {
          throw new Error('reporter down');
        },
      },
    );
    expect(await rejection(clients.marketMap.get('/x'))).toMatchObject({ kind: 'network' });
  });

  it('the default reporter is a no-op', async () => {
    const transport = fakeTransport({ network: true });
    const { reportError: _none, ...context } = testContext();
    const clients = createServiceClients(testEnvironment, context, transport.adapter);
    expect(await rejection(clients.marketMap.get('/x'))).toMatchObject({ kind: 'network' });
  });

  it('other clients never report', async () => {
    const { clients, reportError } = setup({ network: true });
    await rejection(clients.tracking.get('/x'));
    await clients.liveApp.get('/x');
    expect(reportError).not.toHaveBeenCalled();
  });
});

describe('row 7: other responses pass through', () => {
  it('a business code on a 200 answer reaches the caller as the envelope', async () => {
    const body = fail(100405, '直播不存在');
    const { clients } = setup({ status: 200, body });
    await expect(clients.liveApp.get('/x').then((r) => r.data)).resolves.toEqual(body);
    await expect(request(clients.liveApp, { url: '/x' })).resolves.toEqual(body);
  });

  it('a success passes through untouched', async () => {
    const { clients } = setup({ status: 200, body: ok({ a: 1 }) });
    await expect(requestData(clients.liveApp, { url: '/x' })).resolves.toEqual({ a: 1 });
  });

  it('HTTP 500 with an envelope passes through, and unwraps as a business error with its status', async () => {
    const { clients } = setup({ status: 500, body: fail(100500, 'db down') });
    await expect(clients.liveService.get('/x').then((r) => [r.status, r.data])).resolves.toEqual([
      500,
      fail(100500, 'db down'),
    ]);
    const error = await rejection(requestData(clients.liveService, { url: '/x' }));
    expect(error).toMatchObject({ kind: 'business', code: 100500, httpStatus: 500, detail: 'db down' });
    expect(error.message).toBe('服务繁忙，请稍后重试');
  });

  it('an HTTP error without an envelope rejects ApiError http (even on the live client)', async () => {
    const { clients } = setup({ status: 503, body: 'Service Unavailable' });
    expect(await rejection(clients.liveApp.get('/x'))).toMatchObject({ kind: 'http', httpStatus: 503, code: null });
  });
});

// Rows 8-10 (analytics names, heatmap notices, deeplink fallbacks) are logging rules of the
// tracking feature, not of the HTTP layer; they are tested there.
