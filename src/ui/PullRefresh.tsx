import { type ComponentType, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';

import { afterLoadEvent } from '../platform/after-load';
import type { PullGestureProps } from './pull-gesture';

import 'antd-mobile/es/components/pull-to-refresh/pull-to-refresh.css';

/**
 * How a pull's refresh ended. The head says so only when it is true: 刷新成功 when something was reloaded,
 * 刷新失败 when it failed; `unchanged` (nothing was reloaded, e.g. a refresh the store refused) just closes it.
 */
export type RefreshOutcome = 'refreshed' | 'failed' | 'unchanged';

export interface PullRefreshProps {
  onRefresh: () => Promise<RefreshOutcome>;
  children: ReactNode;
}

type PullStatus = 'pulling' | 'canRelease' | 'refreshing' | 'complete' | 'failed';

/** The UI kit's measures: a 40 px head, released past 60 px, pulled at most five heads before it resists. */
const HEAD = 40;
const THRESHOLD = 60;
const FREE_PULL = HEAD * 5;
const COMPLETE_DELAY_MS = 500;
const TEXT: Record<PullStatus, string> = {
  pulling: '下拉刷新',
  canRelease: '释放立即刷新',
  refreshing: '加载中…',
  complete: '刷新成功',
  failed: '刷新失败',
};

/** Beyond the free pull the head follows the finger ever more slowly, as the UI kit's rubber band does. */
export function pulledHeight(finger: number): number {
  if (finger <= 0) return 0;
  if (finger <= FREE_PULL) return finger;
  const over = finger - FREE_PULL;
  return FREE_PULL + (over * FREE_PULL * 0.5) / (FREE_PULL + 0.5 * over);
}

/**
 * Pull-to-refresh with the UI kit's markup, classes and wording: one place for every screen that has it.
 *
 * The markup is rendered at once, on the server too, so the content is mounted once, inside it, and a
 * server-rendered list hydrates as it is. The drag handling (the gesture library) is not needed to show
 * anything: it loads after the page's load event and binds to the element already there. Rendering the content
 * first alone and then inside a wrapper from a lazy chunk would mount it twice and reset what the user did
 * meanwhile (that lost the 成立以来 tap on rateDetail on a slow first load).
 */
export function PullRefresh({ onRefresh, children }: PullRefreshProps) {
  const root = useRef<HTMLDivElement>(null);
  const [Gesture, setGesture] = useState<ComponentType<PullGestureProps> | null>(null);
  const [status, setStatus] = useState<PullStatus>('pulling');
  const [height, setHeight] = useState(0);
  const [dragging, setDragging] = useState(false);
  // Read when the finger leaves, which may come before the last move's render.
  const releasable = useRef(false);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    afterLoadEvent(() => {
      import(/* webpackChunkName: "pull-gesture" */ './pull-gesture')
        .then((m) => mounted.current && setGesture(() => m.PullGesture))
        // Without it the screen still shows and refreshes on its own; the next screen tries again.
        .catch(() => undefined);
    });
    return () => {
      mounted.current = false;
    };
  }, []);

  const onPull = useCallback((finger: number) => {
    const next = pulledHeight(finger);
    releasable.current = next > THRESHOLD;
    setDragging(true);
    setHeight(next);
    setStatus(releasable.current ? 'canRelease' : 'pulling');
  }, []);

  const onRelease = useCallback(async () => {
    setDragging(false);
    if (!releasable.current) {
      setHeight(0);
      setStatus('pulling');
      return;
    }
    releasable.current = false;
    setHeight(HEAD);
    setStatus('refreshing');
    // A rejection is a failure too: the screen shows its own error, the head says the pull did not refresh.
    const outcome = await onRefresh().catch((): RefreshOutcome => 'failed');
    if (!mounted.current) return;
    if (outcome !== 'unchanged') {
      setStatus(outcome === 'refreshed' ? 'complete' : 'failed');
      await new Promise((resolve) => setTimeout(resolve, COMPLETE_DELAY_MS));
      if (!mounted.current) return;
    }
    setHeight(0);
    setStatus('pulling');
  }, [onRefresh]);

  const release = useCallback(() => void onRelease(), [onRelease]);
  const busy = status === 'refreshing' || status === 'complete' || status === 'failed';
  return (
    <div ref={root} className="adm-pull-to-refresh" data-gestures={Gesture ? 'on' : undefined}>
      <div
        className="adm-pull-to-refresh-head"
        style={{ height, transition: dragging ? 'none' : 'height 0.3s ease-out' }}
      >
        <div className="adm-pull-to-refresh-head-content" style={{ height: HEAD }}>
          {TEXT[status]}
        </div>
      </div>
      <div className="adm-pull-to-refresh-content">{children}</div>
      {Gesture && <Gesture target={root} enabled={!busy} onPull={onPull} onRelease={release} />}
    </div>
  );
}
