import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

import { pageViewed } from '../store/tracking-slice';

import { useAppDispatch } from '@/store';

/**
 * One page-view event per page a person arrives at: a path change, or a query change they made (a link, back).
 * An address the app rewrites in place (a replace that keeps the path: `from=weapp` added to a bare link, a filter
 * kept in the query, a replay step) is the page already counted, not a second view of it.
 */
export function PageViewTracker() {
  const dispatch = useAppDispatch();
  const { pathname, search } = useLocation();
  const navigationType = useNavigationType();
  const previous = useRef<string>('');
  /** The path of the last page view sent: set when it is sent, so a rewrite before that still sends one. */
  const counted = useRef<string | null>(null);
  useEffect(() => {
    const url = pathname + search;
    if (navigationType === 'REPLACE' && counted.current === pathname) {
      // Still where the next page came from.
      previous.current = globalThis.location?.origin + url;
      return;
    }
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
      counted.current = pathname;
    });
    return () => cancelAnimationFrame(frame);
  }, [dispatch, pathname, search, navigationType]);
  return null;
}
