import { lazy, Suspense, useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';

import { actionLogPanelOpened } from '../store/action-log-slice';
import { selectActionLogPanelOpen } from '../store/selectors';

import { useAppDispatch, useAppSelector } from '@/store';

const DebugPanel = lazy(() => import(/* webpackChunkName: "action-log-panel" */ './DebugPanel'));

/** Five taps within two seconds in the top-left corner: a gesture no one makes by accident. */
export const GESTURE = { taps: 5, withinMs: 2000, cornerPx: 48 } as const;

/** Opens the debug panel on ?debug=1 or the hidden gesture; the panel itself loads only then. */
export function ActionLogPanelHost() {
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectActionLogPanelOpen);
  const [params] = useSearchParams();
  const debug = params.get('debug') === '1';

  useEffect(() => {
    if (debug) dispatch(actionLogPanelOpened({ via: 'query' }));
  }, [debug, dispatch]);

  useEffect(() => {
    const taps: number[] = [];
    const onPointer = (event: PointerEvent) => {
      if (event.clientX > GESTURE.cornerPx || event.clientY > GESTURE.cornerPx) return;
      taps.push(event.timeStamp);
      while (taps.length > 0 && event.timeStamp - (taps[0] as number) > GESTURE.withinMs) taps.shift();
      if (taps.length >= GESTURE.taps) {
        taps.length = 0;
        dispatch(actionLogPanelOpened({ via: 'gesture' }));
      }
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [dispatch]);

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <DebugPanel />
    </Suspense>
  );
}
