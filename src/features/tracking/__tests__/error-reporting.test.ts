import type { ErrorEvent } from '@sentry/react';
import { AxiosError, type InternalAxiosRequestConfig } from 'axios';

import { buildEnvironments, localEnvironment } from '../../../../config/environments';
import { SignatureHeader } from '../../../api/contract/headers';
import { IGNORE_ERRORS, resolveDsn, scrubEvent, scrubText, TRACES_SAMPLE_RATE } from '../errors/options';
import { createErrorReporter, type ReportContext } from '../errors/reporter';

import { createServiceClients } from '@/api/services';

const ignored = (message: string) =>
  IGNORE_ERRORS.some((p) => (typeof p === 'string' ? message.includes(p) : p.test(message)));

describe('ignore list (docs/rules/errors.md#error-reporting)', () => {
  test.each([
    'ResizeObserver loop limit exceeded',
    'ResizeObserver loop completed with undelivered notifications.',
    'AbortError: The user aborted a request.',
    'AbortError: The operation was aborted.',
    'Request aborted',
    'Loading chunk about failed.',
    'ChunkLoadError: Loading chunk about failed. (error: https://m.example/js/about.1a2b.js)',
    'The play() request was interrupted by a call to pause().',
    "NotAllowedError: play() failed because the user didn't interact with the document first.",
    'MediaError: MEDIA_ERR_SRC_NOT_SUPPORTED',
    'The element has no supported sources.',
  ])('ignores %s', (message) => expect(ignored(message)).toBe(true));

  test.each([
    "TypeError: Cannot read properties of undefined (reading 'title')",
    'Loading chunk home failed.',
    '错误上报测试：页面按要求抛出异常',
    'ApiError: 服务器开小差了',
  ])('keeps %s', (message) => expect(ignored(message)).toBe(false));
});

describe('scrubbing before sending', () => {
  test('tokens, phone numbers and ID numbers in text', () => {
    expect(scrubText('Bearer eyJhbGciOi.abc.def failed')).toBe('Bearer [已隐藏] failed');
    expect(scrubText('GET /api?token=abc123&x=1')).toBe('GET /api?token=[已隐藏]&x=1');
    expect(scrubText('call 13812345678 or +86 13912345678')).toBe('call [手机号] or [手机号]');
    expect(scrubText('id 11010519491231002X and 110105491231002')).toBe('id [身份证号] and [身份证号]');
    expect(scrubText('live 12345 at 2026-11-22')).toBe('live 12345 at 2026-11-22');
  });

  test('messages, exception values, breadcrumbs and request headers of an event', () => {
    const event = {
      message: '用户 13812345678 提交失败',
      exception: { values: [{ type: 'Error', value: 'token=secret-1 for 11010519491231002X' }] },
      breadcrumbs: [{ category: 'fetch', message: 'POST /login?user_token=t0k3n', data: { url: '/x?mgmtoken=m1' } }],
      request: {
        url: 'https://m.example/?code=wx-code',
        headers: { Authorization: 'Bearer abc', token: 't1', 'User-Agent': 'UA' },
      },
    } as unknown as ErrorEvent;
    const out = scrubEvent(event) as unknown as { message: string; request: { headers: Record<string, string> } };
    const text = JSON.stringify(out);
    for (const secret of [
      '13812345678',
      'secret-1',
      '11010519491231002X',
      't0k3n',
      'm1"',
      'wx-code',
      'Bearer abc',
      '"t1"',
    ])
      expect(text).not.toContain(secret);
    expect(out.request.headers).toEqual({ Authorization: '[已隐藏]', token: '[已隐藏]', 'User-Agent': 'UA' });
    expect(out.message).toBe('用户 [手机号] 提交失败');
  });
});

describe('where and how much is reported (docs/rules/constants.md#error-reporting)', () => {
  test('an address for production, T3 and local only', () => {
    const configured = { errorReportingDsn: 'https://k@errors.example/1' };
    const environments = buildEnvironments(
      Object.fromEntries(
        ['production', 't1', 't2', 't3', 't4'].map((n) => [n, { ...localEnvironment, ...configured }]),
      ),
    );
    const withDsn = Object.entries(environments)
      .filter(([, env]) => env.errorReportingDsn !== null)
      .map(([name]) => name)
      .sort();
    expect(withDsn).toEqual(['local', 'production', 't3']);
    expect(resolveDsn(environments.local.errorReportingDsn, { protocol: 'http:', host: '127.0.0.1:4000' })).toBe(
      'http://local@127.0.0.1:4000/error-report/1',
    );
    expect(resolveDsn(null, { protocol: 'https:', host: 'x' })).toBeNull();
  });

  test('trace sampling 0.1', () => expect(TRACES_SAMPLE_RATE).toBe(0.1));
});

describe('the reporter in the first load', () => {
  test('queues until the SDK attaches, then replays in order; drops all when disabled', () => {
    const r = createErrorReporter();
    r.capture(new Error('a'), { tags: { source: 'x' } });
    r.capture('b');
    const seen: [unknown, ReportContext][] = [];
    r.attach({ capture: (e, c) => void seen.push([e, c]) });
    r.capture('c');
    expect(seen.map(([e]) => (e instanceof Error ? e.message : e))).toEqual(['a', 'b', 'c']);
    const off = createErrorReporter();
    off.capture('x');
    off.disable();
    expect(off.pending()).toBe(0);
  });
});

describe('reportError wiring (docs/rules/errors.md#marketing-map-failures: marketing-map failures tagged with the request signature)', () => {
  test('a failed marketing-map request is reported with the signature it sent; a live-service failure is not', async () => {
    const reports: [unknown, ReportContext | undefined][] = [];
    const sent: InternalAxiosRequestConfig[] = [];
    const adapter = (config: InternalAxiosRequestConfig) => {
      sent.push(config);
      return Promise.reject(new AxiosError('Network Error', AxiosError.ERR_NETWORK, config));
    };
    const api = {
      clients: createServiceClients(
        localEnvironment,
        {
          getCredentials: () => ({ accountId: 'acc-1', appKey: 'wna' }),
          reportError: (error, context) => void reports.push([error, context]),
        },
        adapter,
      ),
    };
    await expect(api.clients.marketMap.get('/chance-card/list')).rejects.toBeDefined();
    await expect(api.clients.liveService.get('/api/store/index')).resolves.toBeDefined();
    expect(reports).toHaveLength(1);
    const signature = String(sent[0]!.headers.get(SignatureHeader.signature));
    expect(signature).toMatch(/\w{8,}/);
    expect(reports[0]![1]).toEqual({ tags: { signature } });
  });
});
