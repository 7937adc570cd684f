import { AxiosError } from 'axios';
import { expectSaga } from 'redux-saga-test-plan';

import { silentRunVirtually } from '../../../lib/testing/virtual-time';

import { fakeClients, type FakeReply, ok } from '@/api/testing/fake-transport';
import { createAppStore } from '@/app/store/configure-app-store';
import { createRecorder } from '@/features/action-log/recorder';
import { createRedactor } from '@/features/action-log/redact';
import { ACTION_LOGS_PATH } from '@/features/action-log/remote';
import { createActionLogServices } from '@/features/action-log/services';
import { actionLogSaga } from '@/features/action-log/store/action-log-saga';
import {
  actionLogDownloaded,
  actionLogDownloadFailed,
  actionLogDownloadRequested,
  actionLogReported,
  actionLogReportRequested,
  actionLogViewerFailed,
  actionLogViewerLoaded,
  actionLogViewerRequested,
} from '@/features/action-log/store/action-log-slice';
import { logFileName } from '@/features/action-log/store/action-log-workers';
import { selectActionLogReport, selectLastActionLogId } from '@/features/action-log/store/selectors';
import type { ActionLogServices } from '@/features/action-log/store/types';
import { homeListOpened } from '@/features/lives';
import { sessionCheckRequested, sessionSignedIn } from '@/features/session';
import type { SagaServices } from '@/store';
import { rootReducer, type RootState } from '@/store';

/** A recorder over a store with a few real events, so the log sent is a real one. */
function recordedSession() {
  const recorder = createRecorder({
    reducer: rootReducer,
    getRoute: () => '/?uuid=u1',
    now: () => 1_795_000_000_000,
    schedule: () => undefined,
    salt: 's',
    redact: createRedactor,
    meta: { appVersion: 't', environment: 'local', context: { userAgentClass: 'node', fromApp: null } },
  });
  const store = createAppStore({ services: {} as SagaServices, runSagas: false, recorder: recorder.middleware });
  store.dispatch(homeListOpened({ uuid: 'u1', date: null }));
  return recorder;
}

/** The real services over the app's real tracking client, on a transport the test decides. */
function servicesOver(reply: () => FakeReply): { svc: ActionLogServices; sent: () => unknown[] } {
  const { transport, clients } = fakeClients({}, () => reply());
  const svc = createActionLogServices(recordedSession(), clients.tracking);
  return { svc, sent: () => transport.sent.map((r) => (r.body ? (JSON.parse(r.body) as unknown) : null)) };
}

const answer = (data: unknown) => (): FakeReply => ({ status: 200, body: ok(data) });
const dropped = (): FakeReply => ({ network: true });

const withServices = (actionLog: ActionLogServices | undefined) => ({
  getContext: () => ({ actionLog }) as unknown as SagaServices,
});

/** The saga with these action-log services, from `state` (the store's first state when none is given). */
const saga = (actionLog: ActionLogServices | undefined, state?: RootState) =>
  expectSaga(actionLogSaga).withReducer(rootReducer, state).provide(withServices(actionLog));

/** A report asked for without a note, run until it settles. */
const reported = (actionLog: ActionLogServices, state?: RootState) =>
  silentRunVirtually(saga(actionLog, state).dispatch(actionLogReportRequested({ note: '' })), 50);

describe('action log saga', () => {
  it('download: exports the log and hands it over under a timestamped name', async () => {
    const recorder = recordedSession();
    const download = jest.fn();
    const svc: ActionLogServices = {
      exportLog: () => recorder.exportLog(),
      download,
      upload: jest.fn(),
      fetch: jest.fn(),
    };
    const name = logFileName(recorder.exportLog().recordedAt);
    const { storeState } = await silentRunVirtually(
      saga(svc)
        .dispatch(actionLogDownloadRequested())
        .put(actionLogDownloaded({ fileName: name })),
      50,
    );
    expect(name).toBe('wealth-live-log-2026-11-18T11-06-40-000Z.json');
    expect(download.mock.calls[0][0].entries.map((e: { action: { type: string } }) => e.action.type)).toContain(
      'lives/homeListOpened',
    );
    expect(storeState.actionLog.lastDownload).toBe(name);
  });

  it('download: a browser that refuses the file gets a message, not a crash', async () => {
    const svc: ActionLogServices = {
      exportLog: () => recordedSession().exportLog(),
      download: () => {
        throw new Error('Blob 不可用');
      },
      upload: jest.fn(),
      fetch: jest.fn(),
    };
    const { storeState } = await silentRunVirtually(saga(svc).dispatch(actionLogDownloadRequested()), 50);
    expect(storeState.actionLog.downloadError).toBe('日志导出失败：Blob 不可用');
  });

  it('download without a recorder says the page does not record', async () => {
    await silentRunVirtually(
      saga(undefined)
        .dispatch(actionLogDownloadRequested())
        .put(actionLogDownloadFailed({ message: '本页面没有开启操作记录' })),
      50,
    );
  });

  it('report: the log and the note go to the backend; the short id lands in the store for error reports', async () => {
    const { svc, sent } = servicesOver(answer({ id: 'K7QF-3XMB', createdAt: '2026-11-22T05:00:00.000Z' }));
    const { storeState } = await silentRunVirtually(
      saga(svc)
        .dispatch(actionLogReportRequested({ note: '  列表空白 ' }))
        .put(actionLogReported({ id: 'K7QF-3XMB' })),
      50,
    );
    expect(sent()).toHaveLength(1);
    expect(sent()[0]).toMatchObject({ note: '列表空白', log: { format: 'wealth-live.action-log' } });
    expect(selectActionLogReport(storeState)).toEqual({ status: 'sent', id: 'K7QF-3XMB', error: null });
    expect(selectLastActionLogId(storeState)).toBe('K7QF-3XMB');
  });

  it('report: a network drop gives the clear message, and the same log is sent again on retry', async () => {
    let transport = dropped;
    const { svc, sent } = servicesOver(() => transport());
    const first = await reported(svc);
    expect(selectActionLogReport(first.storeState)).toMatchObject({
      status: 'failed',
      id: null,
      error: { kind: 'network', message: '网络连接失败，请检查网络后重试' },
    });

    transport = answer({ id: 'AAAA-2222', createdAt: '2026-11-22T05:00:00.000Z' });
    const second = await reported(svc, first.storeState as RootState);
    expect(selectLastActionLogId(second.storeState)).toBe('AAAA-2222');

    // A third report that fails: error reports keep the id of the log that did arrive.
    transport = dropped;
    const third = await reported(svc, second.storeState as RootState);
    expect(selectActionLogReport(third.storeState)).toMatchObject({ status: 'failed', id: null });
    expect(selectLastActionLogId(third.storeState)).toBe('AAAA-2222');
    // Nothing was lost by the failure: the retry carries the entries the first attempt had.
    const entries = (s: unknown) => (s as { log: { entries: { seq: number; action: unknown }[] } }).log.entries;
    const [a, b] = sent();
    expect(entries(b).slice(0, entries(a).length)).toEqual(entries(a));
    expect(entries(a).length).toBeGreaterThan(0);
  });

  it('report: an empty answer (docs/rules/errors.md#network-failures) is a network failure too', async () => {
    const { svc } = servicesOver(answer(null));
    const { storeState } = await reported(svc);
    expect(storeState.actionLog.report).toMatchObject({ status: 'failed', error: { kind: 'network' } });
  });

  it('viewer: loads the log stored under the id', async () => {
    const log = recordedSession().exportLog();
    const { svc } = servicesOver(answer({ id: 'K7QF-3XMB', createdAt: '2026-11-22T05:00:00.000Z', note: null, log }));
    const { storeState } = await silentRunVirtually(
      saga(svc)
        .dispatch(actionLogViewerRequested({ id: 'K7QF-3XMB' }))
        .put(actionLogViewerLoaded({ id: 'K7QF-3XMB', log })),
      50,
    );
    expect(storeState.actionLog.viewer.status).toBe('loaded');
  });

  it('viewer: back from WeCom with a code, the read waits for the sign-in and goes out after it', async () => {
    const fetch = jest.fn(() => Promise.resolve({ entries: [] }));
    const svc: ActionLogServices = { exportLog: jest.fn(), download: jest.fn(), upload: jest.fn(), fetch };
    const run = (signIn: boolean) => {
      const plan = saga(svc)
        .dispatch(sessionCheckRequested({ flow: 'workChat' }))
        .dispatch(actionLogViewerRequested({ id: 'K7QF-3XMB' }));
      return silentRunVirtually(
        signIn ? plan.delay(30).dispatch(sessionSignedIn({ flow: 'workChat', at: 1 })) : plan,
        50,
      );
    };
    const waiting = await run(false);
    expect(fetch).not.toHaveBeenCalled();
    expect(waiting.storeState.actionLog.viewer.status).toBe('loading');
    const signedIn = await run(true);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(signedIn.storeState.actionLog.viewer.status).toBe('loaded');
  });

  it('viewer: an unknown id fails with the backend message', async () => {
    const svc: ActionLogServices = {
      exportLog: jest.fn(),
      download: jest.fn(),
      upload: jest.fn(),
      fetch: () => Promise.reject(new AxiosError('Network Error', AxiosError.ERR_NETWORK)),
    };
    const { storeState } = await silentRunVirtually(
      saga(svc)
        .dispatch(actionLogViewerRequested({ id: 'ZZZZ-9999' }))
        .put.like({ action: { type: actionLogViewerFailed.type, payload: { id: 'ZZZZ-9999' } } }),
      50,
    );
    expect(storeState.actionLog.viewer).toMatchObject({ status: 'failed', id: 'ZZZZ-9999', log: null });
    expect(typeof storeState.actionLog.viewer.error).toBe('string');
  });

  it('viewer: a signed-in non-developer (403) and a guest (401) are told who may read logs, in Chinese', async () => {
    for (const [status, message] of [
      [403, '只有开发人员可以查看操作日志：请用开发人员的企业微信账号登录'],
      [401, '请先用企业微信登录后再查看操作日志'],
    ] as const) {
      const { svc } = servicesOver(() => ({
        status,
        body: {
          error: { code: status === 403 ? 100406 : 210001, message: 'Only a signed-in developer may do this' },
          data: null,
        },
      }));
      const { storeState } = await silentRunVirtually(
        saga(svc).dispatch(actionLogViewerRequested({ id: 'K7QF-3XMB' })),
        50,
      );
      expect(storeState.actionLog.viewer).toMatchObject({ status: 'failed', error: message });
    }
  });

  it('the path the services post to is the backend one', () => {
    expect(ACTION_LOGS_PATH).toBe('/api/debug/action-logs');
  });
});

test('while a new report is in flight, error reports still carry the id of the last log sent', () => {
  let state = rootReducer(undefined, actionLogReportRequested({ note: '' }));
  state = rootReducer(state, actionLogReported({ id: 'K7QF-3XMB' }));
  state = rootReducer(state, actionLogReportRequested({ note: '又空白了' }));
  expect(selectActionLogReport(state)).toEqual({ status: 'sending', id: null, error: null });
  expect(selectLastActionLogId(state)).toBe('K7QF-3XMB');
});
