import { expectSaga } from 'redux-saga-test-plan';

import { silentRunVirtually } from '../../../../lib/testing/virtual-time';
import { fakeServices } from '../../shared/__tests__/fixtures';
import * as api from '../api';
import { clueQueueSaga } from '../store/clue-queue-saga';
import { clueQueueFlushRequested, handleSubmitted } from '../store/workbench-slice';
import type { QueuedSubmit } from '../store/workbench-types';

import { ApiError } from '@/api';
import { rootReducer } from '@/store';

const STORED = 'marketing_clue_queue';
const draft = {
  target: { card_id: 7 },
  outcome: 'follow_up' as const,
  note: '客户下周回电',
  nextFollowUp: '2026-12-01',
};
const ok = (key: string) => ({
  handle_id: 1,
  card_id: 7,
  clue_id: null,
  outcome: 'follow_up',
  state: 'handling',
  created_at: 1,
  duplicate: key === 'dup',
});

function providers(submit: jest.Mock) {
  return {
    getContext: () => fakeServices(),
    call(effect: { fn: unknown; args: unknown[] }, next: () => unknown) {
      return effect.fn === api.submitClueHandle ? submit(...effect.args) : next();
    },
  };
}

const stored = (): QueuedSubmit[] => JSON.parse(localStorage.getItem(STORED) ?? '[]') as QueuedSubmit[];

describe('offline clue-handling queue', () => {
  beforeEach(() => localStorage.clear());

  it('a submit made offline stays pending (stored) and is sent once, with the same key, when the network returns', async () => {
    const submit = jest
      .fn()
      .mockRejectedValueOnce(new ApiError({ kind: 'network' }))
      .mockImplementation((_c: unknown, req: { idempotency_key: string }) => Promise.resolve(ok(req.idempotency_key)));
    const { storeState } = await silentRunVirtually(
      expectSaga(clueQueueSaga)
        .withReducer(rootReducer)
        .provide(providers(submit))
        .dispatch(handleSubmitted({ draft, customerName: '张*明' }))
        .delay(20)
        .dispatch(clueQueueFlushRequested())
        .dispatch(clueQueueFlushRequested()),
      50,
    );
    expect(submit).toHaveBeenCalledTimes(2);
    const [first, second] = submit.mock.calls.map(
      (c) => c[1] as { idempotency_key: string; note: string; card_id: number },
    );
    expect(second?.idempotency_key).toBe(first?.idempotency_key);
    expect(first).toMatchObject({
      card_id: 7,
      outcome: 'follow_up',
      note: '客户下周回电',
      next_follow_up: '2026-12-01',
    });
    expect(storeState.workbench!.queue).toEqual([]);
    expect(localStorage.getItem(STORED)).toBeNull();
  });

  it('keeps the pending entry in storage while offline, so a reload finds it', async () => {
    const submit = jest.fn().mockRejectedValue(new ApiError({ kind: 'timeout' }));
    const { storeState } = await silentRunVirtually(
      expectSaga(clueQueueSaga)
        .withReducer(rootReducer)
        .provide(providers(submit))
        .dispatch(handleSubmitted({ draft, customerName: '张*明' })),
      50,
    );
    expect(storeState.workbench!.queue).toMatchObject([
      { status: 'pending', customerName: '张*明', request: { card_id: 7 } },
    ]);
    expect(stored()).toMatchObject([{ request: { card_id: 7, note: '客户下周回电' } }]);
  });

  it('after a reload the stored entry is read back and sent once', async () => {
    const entry: QueuedSubmit = {
      key: 'hkey12345',
      request: { idempotency_key: 'hkey12345', card_id: 7, outcome: 'converted', note: '已签约' },
      customerName: '张*明',
      queuedAt: 1,
      status: 'sending',
      attempts: 1,
      error: null,
    };
    localStorage.setItem(STORED, JSON.stringify([entry]));
    const submit = jest.fn().mockResolvedValue(ok('hkey12345'));
    const { storeState } = await silentRunVirtually(
      expectSaga(clueQueueSaga).withReducer(rootReducer).provide(providers(submit)),
      50,
    );
    expect(submit).toHaveBeenCalledTimes(1);
    expect(submit.mock.calls[0][1]).toEqual(entry.request);
    expect(storeState.workbench!.queue).toEqual([]);
    expect(localStorage.getItem(STORED)).toBeNull();
  });

  it('a refusal by the server is not retried: the entry is marked failed for the adviser to see', async () => {
    const submit = jest.fn().mockRejectedValue(new ApiError({ kind: 'business', code: 400, detail: 'note too long' }));
    const { storeState } = await silentRunVirtually(
      expectSaga(clueQueueSaga)
        .withReducer(rootReducer)
        .provide(providers(submit))
        .dispatch(handleSubmitted({ draft, customerName: '张*明' }))
        .delay(10)
        .dispatch(clueQueueFlushRequested()),
      50,
    );
    expect(submit).toHaveBeenCalledTimes(1);
    expect(storeState.workbench!.queue).toMatchObject([{ status: 'failed' }]);
  });
});
