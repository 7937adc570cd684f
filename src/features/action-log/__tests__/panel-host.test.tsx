import { act, fireEvent, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, type NavigateFunction, useLocation, useNavigate } from 'react-router-dom';

import { createAppStore } from '@/app/store/configure-app-store';
import { ActionLogPanelHost } from '@/features/action-log';
import { GESTURE } from '@/features/action-log/components/ActionLogPanelHost';
import { actionLogPanelClosed } from '@/features/action-log/store/action-log-slice';
import { selectActionLogPanelOpen } from '@/features/action-log/store/selectors';
import { fakeAuth, fakeServices } from '@/features/session/__tests__/fakes';

// jsdom has no PointerEvent: a mouse event with the same coordinates stands in for it.
beforeAll(() => {
  if (typeof window.PointerEvent === 'undefined')
    (window as unknown as { PointerEvent: typeof MouseEvent }).PointerEvent = class extends MouseEvent {};
});

/** The host on a page whose top-left corner is a tab (as on the workbench), in a memory router. */
function mount(url: string) {
  const store = createAppStore({ services: fakeServices(fakeAuth(), 1_750_000_000_000), sagas: {} });
  const tabTaps = { count: 0 };
  const nav: { navigate: NavigateFunction | null; search: string } = { navigate: null, search: '' };
  const Page = () => {
    nav.navigate = useNavigate();
    nav.search = useLocation().search;
    return (
      <>
        <ActionLogPanelHost />
        <button type="button" onClick={() => (tabTaps.count += 1)}>
          机会
        </button>
      </>
    );
  };
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[url]}>
        <Page />
      </MemoryRouter>
    </Provider>,
  );
  const isOpen = () => selectActionLogPanelOpen(store.getState());
  return { store, nav, tabTaps, isOpen };
}

/** A finger's tap at (10, 10): pointer down, then the click the browser makes of it. */
function tapCorner(target: Element, at: number) {
  fireEvent.pointerDown(target, { clientX: 10, clientY: 10, timeStamp: at });
  fireEvent.click(target, { clientX: 10, clientY: 10, detail: 1 });
}

describe('the debug panel host', () => {
  test('?debug=1 opens the panel once: going back to that page after closing it does not open it again', async () => {
    const { store, nav, isOpen } = mount('/?debug=1');
    expect(isOpen()).toBe(true);
    act(() => void store.dispatch(actionLogPanelClosed()));
    await act(async () => void (await nav.navigate!('/next')));
    expect(nav.search).toBe('');
    await act(async () => void (await nav.navigate!(-1)));
    expect(nav.search).toBe('?debug=1');
    expect(isOpen()).toBe(false);
    // A new visit with ?debug=1 (a new history entry) opens it again.
    await act(async () => void (await nav.navigate!('/?debug=1')));
    expect(isOpen()).toBe(true);
  });

  test('five taps in the corner open the panel and never reach the tab under it', () => {
    jest.useFakeTimers();
    try {
      const { tabTaps, isOpen } = mount('/');
      const tab = document.querySelector('button')!;
      for (let i = 0; i < GESTURE.taps; i += 1) tapCorner(tab, 100 + i * 200);
      act(() => void jest.advanceTimersByTime(GESTURE.settleMs * 2));
      expect(isOpen()).toBe(true);
      expect(tabTaps.count).toBe(0);
    } finally {
      jest.useRealTimers();
    }
  });

  test('a lone tap (or a double tap) in the corner reaches the tab once, after a moment; a keyboard press at once', () => {
    jest.useFakeTimers();
    try {
      const { tabTaps, isOpen } = mount('/');
      const tab = document.querySelector('button')!;
      tapCorner(tab, 100);
      expect(tabTaps.count).toBe(0);
      act(() => void jest.advanceTimersByTime(GESTURE.settleMs));
      expect(tabTaps.count).toBe(1);
      tapCorner(tab, 5_000);
      tapCorner(tab, 5_150);
      act(() => void jest.advanceTimersByTime(GESTURE.settleMs));
      expect(tabTaps.count).toBe(2);
      fireEvent.click(tab, { detail: 0 });
      expect(tabTaps.count).toBe(3);
      // A tap away from the corner is never held.
      fireEvent.pointerDown(tab, { clientX: 200, clientY: 10, timeStamp: 9_000 });
      fireEvent.click(tab, { clientX: 200, clientY: 10, detail: 1 });
      expect(tabTaps.count).toBe(4);
      expect(isOpen()).toBe(false);
    } finally {
      jest.useRealTimers();
    }
  });
});
