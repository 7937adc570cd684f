import { lazy, Suspense, useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';

import { actionLogPanelOpened } from '../store/action-log-slice';
import { selectActionLogPanelOpen } from '../store/selectors';

import { useAppDispatch, useAppSelector } from '@/store';

const DebugPanel = lazy(() => import(/* webpackChunkName: "action-log-panel" */ './DebugPanel'));

/** Five taps within two seconds in the top-left corner: a gesture no one makes by accident. */
export const GESTURE = { taps: 5, withinMs: 2000, cornerPx: 48, settleMs: 350 } as const;

const inCorner = (e: { clientX: number; clientY: number }) =>
  e.clientX <= GESTURE.cornerPx && e.clientY <= GESTURE.cornerPx;

/** Opens the debug panel on ?debug=1 or the hidden gesture; the panel itself loads only then. */
export function ActionLogPanelHost() {
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectActionLogPanelOpen);
  const [params] = useSearchParams();
  const location = useLocation();
  const debug = params.get('debug') === '1';
  // The history entries whose ?debug=1 has opened the panel: going back to one (after closing the panel and
  // moving on) must not open it again over whatever that page shows.
  const openedFor = useRef(new Set<string>());

  useEffect(() => {
    if (!debug || openedFor.current.has(location.key)) return;
    openedFor.current.add(location.key);
    dispatch(actionLogPanelOpened({ via: 'query' }));
  }, [debug, location.key, dispatch]);

  useEffect(() => {
    const taps: number[] = [];
    // The corner holds a real control on some screens (the workbench's first tab). Taps there are held back
    // until they stop for a moment: five make the gesture and none reaches the control; fewer are passed on
    // as the one tap they meant (an impatient double tap on a back button still goes back, once).
    let held: HTMLElement | null = null;
    let release: ReturnType<typeof setTimeout> | undefined;
    let replaying = false;
    const onPointer = (event: PointerEvent) => {
      if (!inCorner(event)) return;
      taps.push(event.timeStamp);
      while (taps.length > 0 && event.timeStamp - (taps[0] as number) > GESTURE.withinMs) taps.shift();
      if (taps.length >= GESTURE.taps) {
        taps.length = 0;
        held = null;
        clearTimeout(release);
        dispatch(actionLogPanelOpened({ via: 'gesture' }));
      }
    };
    const onClick = (event: MouseEvent) => {
      // A keyboard's click (detail 0, at 0,0) is no tap and is never held.
      if (replaying || event.detail === 0 || !inCorner(event) || !(event.target instanceof HTMLElement)) return;
      event.preventDefault();
      event.stopPropagation();
      clearTimeout(release);
      // The gesture just completed on this tap (pointerdown came first): nothing to pass on.
      if (taps.length === 0) return;
      held ??= event.target;
      release = setTimeout(() => {
        const target = held;
        held = null;
        if (!target || !target.isConnected) return;
        replaying = true;
        try {
          target.click();
        } finally {
          replaying = false;
        }
      }, GESTURE.settleMs);
    };
    document.addEventListener('pointerdown', onPointer, true);
    document.addEventListener('click', onClick, true);
    return () => {
      clearTimeout(release);
      document.removeEventListener('pointerdown', onPointer, true);
      document.removeEventListener('click', onClick, true);
    };
  }, [dispatch]);

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <DebugPanel />
    </Suspense>
  );
}
