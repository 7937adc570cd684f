import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';

import { createAppStore } from '@/app/store/configure-app-store';
import { detail103, fakeServices, START_1930 } from '@/features/lives/__tests__/fixtures';
import LiveDetailScreen from '@/features/lives/screens/LiveDetailScreen';
import { liveClockTicked } from '@/features/lives/store/live-room-slice';
import { liveStateReceived } from '@/features/lives/store/lives-slice';

/** The page's clock: the room saga's own ticks read it too, so they agree with the test's. */
let clock = 0;

function renderRoom() {
  const base = fakeServices({
    fetchInteractDetail: jest.fn().mockResolvedValue({ live: detail103, auth: null }),
    fetchRoomMessages: jest.fn().mockResolvedValue({ room_id: 'room-103', list: [] }),
  });
  const services = { ...base, now: () => clock };
  const store = createAppStore({ services });
  const view = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/liveDetail/103']}>
        <Routes>
          <Route path="/liveDetail/:liveid" element={<LiveDetailScreen />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return { store, view };
}

describe('the live room swaps its top box as the status moves, in place', () => {
  it('waiting (countdown, then "about to start") → player → replay, keeping the rest of the page', async () => {
    const { store, view } = renderRoom();
    const waiting = await screen.findByTestId('room-waiting');
    const interact = screen.getByLabelText('互动');
    const tick = (nowMs: number) => act(() => void store.dispatch(liveClockTicked({ nowMs: (clock = nowMs) })));
    tick(START_1930 * 1000 - 65_000);
    expect(screen.getByTestId('countdown')).toHaveTextContent('距开播 00:01:05');
    tick(START_1930 * 1000 + 3_000);
    expect(screen.queryByTestId('countdown')).toBeNull();
    expect(screen.getByTestId('host-late')).toHaveTextContent('主播即将开始');
    expect(waiting).toBeInTheDocument();

    act(() => void store.dispatch(liveStateReceived({ num_index: 103, status: 1, onlines: 8 })));
    expect(await screen.findByTestId('play')).toHaveTextContent('点击播放');
    expect(screen.queryByTestId('room-waiting')).toBeNull();
    expect(screen.getByTestId('stage-badge')).toHaveTextContent('直播中');
    expect(screen.getByTestId('room-online')).toHaveTextContent('人在线');
    // Same elements below the box: the page was not rebuilt, so the reader's place holds.
    expect(screen.getByLabelText('互动')).toBe(interact);

    act(() => void store.dispatch(liveStateReceived({ num_index: 103, status: 3, onlines: 0 })));
    expect(screen.getByTestId('stage-badge')).toHaveTextContent('直播已结束 · 回放');
    expect(screen.getByTestId('room-stage')).toHaveAttribute('data-stage', 'ended');
    expect(screen.getByTestId('room-online')).toHaveTextContent(/^\d+次回放$/);
    // 直播已结束 once per screen: the badge says it.
    expect(screen.getAllByText(/直播已结束/)).toHaveLength(1);
    expect(screen.getByTestId('play')).toBeInTheDocument();
    expect(screen.getByLabelText('互动')).toBe(interact);
    // Leaving closes the screen, which cancels the room's sagas: no update lands after the test.
    view.unmount();
  });
});
