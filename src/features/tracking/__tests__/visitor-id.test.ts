import { channel } from 'redux-saga';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';

import { silentRunVirtually } from '../../../lib/testing/virtual-time';
import { readItem, StorageKey, writeItem } from '../../../platform/storage';
import { requestGeneralId } from '../own/api';
import { ensureVisitorId } from '../own/visitor';
import type { TrackingServices } from '../services';
import { trackingEventRequested } from '../store/tracking-slice';
import { type OwnAction, ownTrackingLoop } from '../store/tracking-workers';

const GID = 'g0mhx3k2p1abcdefghijklmnopq';
/** Identity read from the real storage, as the browser's services do (uuids is where the id is kept). */
function tracking(search = '', userinfos: string | null = null) {
  return {
    identitySources: () => ({ userinfos, uuids: readItem(StorageKey.uuids), search, cookie: '' }),
    log: jest.fn(),
  } as unknown as TrackingServices;
}
const services = {
  api: { clients: { liveApp: {} } },
  navigate: () => undefined,
  currentPath: () => '/rules',
  now: () => 0,
};

beforeEach(() => localStorage.clear());

describe('a visitor id from general_id for guests (own tracking)', () => {
  it('a guest with no id gets one from general_id, kept as this device’s uuids', async () => {
    const { returnValue } = await expectSaga(ensureVisitorId, tracking())
      .provide([
        [matchers.getContext('services'), services],
        [matchers.call.fn(requestGeneralId), { general_id: GID, issued_at: 1_763_800_000 }],
      ])
      .call(writeItem, StorageKey.uuids, GID)
      .run();
    expect(returnValue).toBe(GID);
    expect(readItem(StorageKey.uuids)).toBe(GID);
  });

  it.each([
    ['a stored device id', () => writeItem(StorageKey.uuids, 'dstored1'), '', null, 'dstored1'],
    [
      'a signed-in person',
      () => undefined,
      '',
      JSON.stringify({ uuid: 'u4', employee_id: 'C0004', group_no: 'G01' }),
      'u4',
    ],
    [
      'an adviser',
      () => undefined,
      '',
      JSON.stringify({ employee_id: 'E0001', employee: { is_financial_advisor: 1 } }),
      '',
    ],
  ])('%s is never given another id', async (_who, arrange, search, userinfos, id) => {
    arrange();
    const { returnValue } = await expectSaga(ensureVisitorId, tracking(search, userinfos))
      .provide([
        [matchers.getContext('services'), services],
        [matchers.call.fn(requestGeneralId), { general_id: GID, issued_at: 1 }],
      ])
      .not.call.fn(requestGeneralId)
      .run();
    expect(returnValue).toBe(id);
  });

  it('general_id unreachable: logged, the event still goes (without an id), nothing stored', async () => {
    const t = tracking();
    const { returnValue } = await expectSaga(ensureVisitorId, t)
      .provide([
        [matchers.getContext('services'), services],
        [matchers.call.fn(requestGeneralId), throwError(new Error('Network Error'))],
      ])
      .run();
    expect(returnValue).toBe('');
    expect(readItem(StorageKey.uuids)).toBeNull();
    expect(t.log).toHaveBeenCalledWith(expect.stringMatching(/visitor id unavailable/));
  });

  it('a guest’s events all carry the one id, asked for once, even when they come together', async () => {
    const sendEvent = jest.fn().mockResolvedValue({ id: 1 });
    const t = { ...tracking(), own: { sendEvent, sendFast: jest.fn() } } as unknown as TrackingServices;
    const own = channel<OwnAction>();
    for (const name of ['rules_view', 'rules_tap']) own.put(trackingEventRequested({ name, data: {} }));
    let asked = 0;
    await silentRunVirtually(
      expectSaga(ownTrackingLoop, own).provide([
        [matchers.getContext('services'), { ...services, now: () => 1_763_800_000_000, tracking: t }],
        {
          call: (effect, next) =>
            effect.fn === requestGeneralId ? ((asked += 1), { general_id: GID, issued_at: 1 }) : next(),
        },
      ]),
      50,
    );
    expect(asked).toBe(1);
    expect(sendEvent.mock.calls.map(([, body]) => [body.event_name, body.uuid])).toEqual([
      ['rules_view', GID],
      ['rules_tap', GID],
    ]);
  });
});
