import { useCallback, useEffect, useRef } from 'react';

import { liveNoticeDismissed, liveSubscribeRequested } from '../store/lives-slice';
import type { HomeLiveRow, selectLiveNotice } from '../store/selectors';

import { trackingEventRequested } from '@/features/tracking';
import { useAppDispatch } from '@/store';

const NOTICE_MS = 3000;
/**
 * A second tap this soon after a subscribe is the rest of a double tap, not a wish to cancel: when the request was
 * answered before it arrived (a quick server, a busy phone), nothing else would tell the two apart.
 */
const DOUBLE_TAP_MS = 500;

/** The UI kit's confirm dialog, loaded on the first cancel so it stays out of the home route's first load. */
async function confirmCancel(title: string): Promise<boolean> {
  const { confirm } = await import(/* webpackChunkName: "dialog" */ './confirm-dialog');
  return confirm({
    title: '取消预约？',
    content: `取消后将不再提醒「${title}」开播`,
    confirmText: '取消预约',
    cancelText: '保留预约',
  });
}

/** What a card's taps do on the home list (open, subscribe, cancel), and the life of the notice they leave. */
export function useHomeCards(notice: ReturnType<typeof selectLiveNotice>) {
  const dispatch = useAppDispatch();
  const onOpen = useCallback(
    (row: HomeLiveRow) =>
      dispatch(
        trackingEventRequested({
          name: 'live_card_click',
          data: { num_index: row.id, status: row.tone, target: row.target },
        }),
      ),
    [dispatch],
  );

  // Subscribe from the list (the home list is the live app's): the reducer flips the tag at once and ignores taps while one is in flight.
  // 已预约 asks before cancelling: a stray tap must not drop a booking.
  const subscribedAt = useRef(new Map<number, number>());
  const onToggleSubscribe = useCallback(
    (row: HomeLiveRow) => {
      // A tap while the last one is in flight (the second tap of a double tap) is not a cancel.
      if (row.pending) return;
      const subscribe = row.tone === 'unsubscribed';
      const now = Date.now();
      if (!subscribe && now - (subscribedAt.current.get(row.id) ?? -Infinity) < DOUBLE_TAP_MS) return;
      if (subscribe) {
        subscribedAt.current.set(row.id, now);
        dispatch(liveSubscribeRequested({ liveId: row.id, subscribe, channel: 'liveApp' }));
        return;
      }
      void confirmCancel(row.title).then((yes) => {
        if (yes) dispatch(liveSubscribeRequested({ liveId: row.id, subscribe: false, channel: 'liveApp' }));
      });
    },
    [dispatch],
  );
  // A notice belongs to the screen that caused it: leaving the list clears it.
  useEffect(() => () => void dispatch(liveNoticeDismissed()), [dispatch]);
  // A toast hides itself.
  useEffect(() => {
    // A notice with an action waits for the user; others hide themselves.
    if (!notice || notice.offerCalendar) return;
    const timer = setTimeout(() => dispatch(liveNoticeDismissed()), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [dispatch, notice]);

  return { onOpen, onToggleSubscribe };
}
