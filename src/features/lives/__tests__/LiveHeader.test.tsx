import { render, screen } from '@testing-library/react';

import { LiveHeader } from '../components/room/LiveParts';
import { liveClockTicked } from '../store/live-room-slice';
import { selectOpenedLive } from '../store/room-selectors';
import { detail103 } from './fixtures';

import { rootReducer, type SsrData, ssrDataHydrated } from '@/store';

/** The top of a live page from the server (no clock), then at the browser's ticks. */
const hydrated = (status = detail103.status) => {
  const data: SsrData = {
    route: 'about',
    url: '/about/103',
    data: { liveScreen: { liveId: 103, screen: 'about', detail: { ...detail103, status } } },
  };
  return rootReducer(rootReducer(undefined, { type: '@@INIT' }), ssrDataHydrated(data));
};
const header = (state: ReturnType<typeof hydrated>) => <LiveHeader opened={selectOpenedLive(state)!} />;

test('an upcoming live keeps its countdown line from the first paint; the first tick fills it in place', () => {
  const state = hydrated();
  const view = render(header(state));
  const line = screen.getByTestId('countdown-line');
  expect(line).toBeEmptyDOMElement();
  view.rerender(header(rootReducer(state, liveClockTicked({ nowMs: (detail103.start_time - 65) * 1000 }))));
  expect(screen.getByTestId('countdown-line')).toBe(line);
  expect(line).toHaveTextContent('距开播 00:01:05');
  // The start passed and the server still says upcoming: the same line says the host is about to start.
  view.rerender(header(rootReducer(state, liveClockTicked({ nowMs: (detail103.start_time + 3) * 1000 }))));
  expect(screen.getByTestId('countdown-line')).toBe(line);
  expect(screen.queryByTestId('countdown')).toBeNull();
  expect(screen.getByTestId('host-late')).toHaveTextContent('主播即将开始');
});

test('a live that is on or ended has no countdown line', () => {
  for (const status of [1, 3] as const) {
    const { unmount } = render(header(hydrated(status)));
    expect(screen.queryByTestId('countdown-line')).toBeNull();
    unmount();
  }
});
