import { homeListLoaded, homeListOpened, roomOnlinePollFailed, roomOnlineReceived } from '../store/lives-slice';
import { makeLive } from './fixtures';

import { rootReducer } from '@/store';

/** The 10 s online-count poll: only the lives whose count or status changed are new objects. */
function loaded() {
  let s = rootReducer(undefined, homeListOpened({ uuid: 'u1', date: null }));
  const list = [1, 2, 3].map((n) => makeLive({ num_index: n, status: 1, onlines: 5 }));
  s = rootReducer(s, homeListLoaded({ page: 1, pageSize: 20, total: 3, list }));
  return rootReducer(
    s,
    roomOnlinePollFailed({ error: { kind: 'network', code: null, httpStatus: null, message: '网络连接失败' } }),
  );
}

test('changed counts and statuses are applied; unchanged lives keep their identity; the failure count resets', () => {
  const before = loaded();
  expect(before.lives!.polling.failures).toBe(1);
  const after = rootReducer(
    before,
    roomOnlineReceived({
      items: [
        { room_id: 'room-1', num: 9, num_index: 1, status: 2 },
        { room_id: 'room-2', num: 5, num_index: 2, status: 1 },
        { room_id: 'room-9', num: 40, num_index: 9, status: 1 },
      ],
    }),
  );
  expect(after.lives!.entities[1]).toMatchObject({ onlines: 9, status: 2 });
  expect(after.lives!.entities[2]).toBe(before.lives!.entities[2]);
  expect(after.lives!.entities[3]).toBe(before.lives!.entities[3]);
  expect(after.lives!.polling).toMatchObject({ failures: 0, lastError: null });
});

test('a poll with nothing new changes no live', () => {
  const before = loaded();
  const after = rootReducer(before, roomOnlineReceived({ items: [{ room_id: 'room-3', num: 5, num_index: 3 }] }));
  expect(after.lives!.entities).toBe(before.lives!.entities);
});
