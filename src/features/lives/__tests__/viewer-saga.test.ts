import { expectSaga } from 'redux-saga-test-plan';

import { StorageKey } from '../../../platform/storage';
import { viewerFor } from '../store/viewer-saga';
import { fakeServices } from './fixtures';

import type { GeneralId } from '@/api/contract/phone-sign-in';

const ISSUED = 'g0123456789abcdefghijklmnop';

function run(addressUuid: string | null, answer: () => Promise<GeneralId | null>) {
  const asked: number[] = [];
  const fetchGeneralId = () => {
    asked.push(1);
    // The id the list would make is read after the answer: nothing local exists while general_id is asked.
    expect(localStorage.getItem(StorageKey.uuids)).toBeNull();
    return answer() as ReturnType<ReturnType<typeof fakeServices>['api']['lives']['fetchGeneralId']>;
  };
  return expectSaga(viewerFor, addressUuid)
    .provide({ getContext: () => fakeServices({ fetchGeneralId }) })
    .run({ silenceTimeout: true })
    .then((result) => ({ who: result.returnValue as { employeeId: string; viewerId: string }, asked: asked.length }));
}

beforeEach(() => localStorage.clear());

describe('the visitor id of a first-time guest', () => {
  it('comes from general_id before any local id is made, and is kept as the device id', async () => {
    const { who, asked } = await run(null, () => Promise.resolve({ general_id: ISSUED, issued_at: 1_790_000_000 }));
    expect(asked).toBe(1);
    expect(who).toMatchObject({ employeeId: ISSUED, viewerId: ISSUED });
    expect(localStorage.getItem(StorageKey.uuids)).toBe(ISSUED);
    // The next list or room finds it stored and asks no more.
    const again = await run(null, () => Promise.reject(new Error('not asked')));
    expect(again).toMatchObject({ asked: 0, who: { employeeId: ISSUED } });
  });

  it('a link’s uuid outside the mini-program names the sharer, not the guest: general_id is still asked', async () => {
    const { who, asked } = await run('u1', () => Promise.resolve({ general_id: ISSUED, issued_at: 1 }));
    expect([asked, who.employeeId]).toEqual([1, ISSUED]);
  });

  it('without an answer (offline, or refused) a local d- id stands in', async () => {
    for (const answer of [() => Promise.resolve(null), () => Promise.reject(new Error('500'))]) {
      localStorage.clear();
      const { who, asked } = await run(null, answer);
      expect(asked).toBe(1);
      expect(who.employeeId).toMatch(/^d-/);
      expect(localStorage.getItem(StorageKey.uuids)).toBe(who.employeeId);
    }
  });

  it('is never asked for a signed-in person or a device that already has an id', async () => {
    localStorage.setItem(StorageKey.userInfos, JSON.stringify({ employee_id: 'C0004', real_name: '客户四' }));
    expect((await run(null, () => Promise.reject(new Error('not asked')))).asked).toBe(0);
    localStorage.clear();
    localStorage.setItem(StorageKey.uuids, 'd-earlier');
    const kept = await run(null, () => Promise.reject(new Error('not asked')));
    expect(kept).toMatchObject({ asked: 0, who: { employeeId: 'd-earlier' } });
  });
});
