import { CANCEL } from 'redux-saga';

import { ApiError, apiErrorInfo, userMessage } from '../errors';
import { request, requestData, unwrap } from '../request';
import { fail, fakeClients, type FakeReply, ok } from '../testing/fake-transport';
import { rejection } from '../testing/rejection';

const clientsAnswering = (reply: FakeReply) => fakeClients({}, reply);

describe('request(): the body must be an envelope, or ApiError malformed', () => {
  it.each<[string, unknown]>([
    ['an HTML page', '<html>login</html>'],
    ['null', null],
    ['an array', [1, 2]],
    ['an object without error', { data: [] }],
    ['a string code', { error: { code: '0', message: '' }, data: null }],
    ['no data key', { error: { code: 0, message: '' } }],
  ])('%s', async (_label, body) => {
    const { clients } = clientsAnswering({ status: 200, body });
    const error = await rejection(request(clients.liveApp, { method: 'GET', url: '/api/live/getLiveState/1' }));
    expect(error.kind).toBe('malformed');
    expect(error.httpStatus).toBe(200);
    expect(error.detail).toContain('{ error: { code, message }, data }');
    expect(error.detail).toContain('/api/live/getLiveState/1');
    expect(error.message).toBe('服务返回的数据有误，请稍后重试');
  });

  it('runs the data check on a success and rejects malformed when it fails', async () => {
    const { clients } = clientsAnswering({ status: 200, body: ok({ list: 'not-a-list' }) });
    const isPage = (d: unknown): d is { list: unknown[] } =>
      typeof d === 'object' && d !== null && Array.isArray((d as { list?: unknown }).list);
    expect(await rejection(requestData(clients.liveService, { url: '/x' }, isPage))).toMatchObject({
      kind: 'malformed',
    });
  });

  it('does not run the data check on a failure answer (its data is null)', async () => {
    const { clients } = clientsAnswering({ status: 200, body: fail(100400) });
    const never = (_d: unknown): _d is never => false;
    await expect(request(clients.liveService, { url: '/x' }, never)).resolves.toEqual(fail(100400));
  });

  it("reads the common service's { code, msg, data } as one envelope shape", async () => {
    const { clients } = clientsAnswering({
      status: 200,
      body: { code: 0, msg: 'ok', data: { token: 't', isBind: true } },
    });
    await expect(request(clients.common, { url: '/x' }, { envelope: 'code' })).resolves.toEqual({
      error: { code: 0, message: 'ok' },
      data: { token: 't', isBind: true },
    });
    await expect(requestData(clients.common, { url: '/x' }, { envelope: 'code' })).resolves.toEqual({
      token: 't',
      isBind: true,
    });
    // An error-object envelope is not what that service answers.
    expect(await rejection(request(clients.common, { url: '/x' }))).toMatchObject({ kind: 'malformed' });
  });
});

describe('unwrap()', () => {
  it('returns the data of code 0, and null for a success without data', () => {
    expect(unwrap(ok({ a: 1 }))).toEqual({ a: 1 });
    expect(unwrap(ok(null))).toBeNull();
    expect(unwrap({ code: 0, msg: '', data: [1] })).toEqual([1]);
  });

  it('throws ApiError business with the code for anything else', () => {
    expect(() => unwrap(fail(100405))).toThrow(ApiError);
    const error = (() => {
      try {
        unwrap(fail(123456, '余额不足'), { httpStatus: 200 });
      } catch (e) {
        return e as ApiError;
      }
      throw new Error('no throw');
    })();
    expect(error).toMatchObject({ kind: 'business', code: 123456, httpStatus: 200, detail: '余额不足' });
    // A Chinese server message is shown as is.
    expect(error.message).toBe('余额不足');
  });

  it('never shows a non-Chinese server message to the user', () => {
    expect(userMessage('business', 123456, 'insufficient balance')).toBe('操作失败，请稍后重试（错误码 123456）');
    expect(userMessage('business', 100403, '签名过期')).toBe('请求已过期，请检查手机时间设置后重试');
  });
});

describe('cancellation (a cancelled saga aborts its request)', () => {
  it('exposes [CANCEL]; calling it aborts with ApiError cancelled, never the empty value', async () => {
    const { clients } = clientsAnswering({ hang: true });
    const pending = requestData(clients.liveService, { url: '/slow' });
    (pending[CANCEL] as () => void)();
    expect(await rejection(pending)).toMatchObject({ kind: 'cancelled' });
  });

  it('a cancelled marketing-map request is not reported', async () => {
    const reportError = jest.fn();
    const { clients } = fakeClients({ reportError }, { hang: true });
    const pending = request(clients.marketMap, { url: '/slow' });
    (pending[CANCEL] as () => void)();
    await rejection(pending);
    expect(reportError).not.toHaveBeenCalled();
  });
});

describe('apiErrorInfo(): plain data for failure actions', () => {
  it('copies kind, code, status and the user message, and is JSON-safe', () => {
    const error = new ApiError({ kind: 'business', code: 100406, httpStatus: 403, detail: 'forbidden' });
    const info = apiErrorInfo(error);
    expect(info).toEqual({ kind: 'business', code: 100406, httpStatus: 403, message: '暂无权限访问' });
    expect(JSON.parse(JSON.stringify(error))).toEqual(info);
  });

  it('turns anything else into a malformed failure', () => {
    expect(apiErrorInfo(new TypeError('x is undefined'))).toEqual({
      kind: 'malformed',
      code: null,
      httpStatus: null,
      message: '服务返回的数据有误，请稍后重试',
    });
  });
});
