import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

import { pageViewed } from '../store/tracking-slice';

import { useAppDispatch } from '@/store';

/** One page-view event per path or query change; the tracking saga sends it. */
export function PageViewTracker() {
  const dispatch = useAppDispatch();
  const { pathname, search } = useLocation();
  const previous = useRef<string>('');
  useEffect(() => {
    const url = pathname + search;
    // The title is set by the router's effect on the same change: read it a frame later.
    const frame = requestAnimationFrame(() => {
      dispatch(
        pageViewed({
          url: globalThis.location?.origin + url,
          path: pathname,
          title: document.title,
          referrer: previous.current || document.referrer,
        }),
      );
      previous.current = globalThis.location?.origin + url;
    });
    return () => cancelAnimationFrame(frame);
  }, [dispatch, pathname, search]);
  return null;
}
