import { shallowEqual } from 'react-redux';
import { createSelector } from 'reselect';

import { formatCount, formatMonthDayTime } from '../../../lib/format';
import { selectLivesState } from './lives-slice';
import { livesAdapter } from './lives-slice';
import type { LiveItem } from './types';

import type { RootState } from '@/store';

export type LiveTagTone = 'live' | 'subscribed' | 'unsubscribed' | 'upcoming' | 'ended';

/** One row of the home list, ready to render (docs/rules/routes-and-screens.md#home). */
export interface HomeLiveRow {
  id: number;
  cover: string;
  title: string;
  presenters: string;
  tone: LiveTagTone;
  tag: string;
  /** Start time for upcoming lives, else null. */
  startsAt: string | null;
  count: string;
  /** Where a tap goes: ended lives open their end page, others the about page. */
  target: 'liveEnd' | 'about';
  /** A subscribe/cancel call for this live is in flight (home list rows only). */
  pending?: boolean;
}

const adapterSelectors = livesAdapter.getSelectors((state: RootState) => selectLivesState(state));
export const selectLiveEntities = adapterSelectors.selectEntities;

export const selectHomeList = (state: RootState) => selectLivesState(state).homeList;

/**
 * A live as a card or header shows it. `tagsKnown` false: the subscription is not yet the viewer's own (a public
 * server render), so an upcoming live says 即将开播 rather than a 未预约 that may turn into 已预约.
 */
export function toHomeRow(live: LiveItem, tagsKnown = true): HomeLiveRow {
  const base = {
    id: live.num_index,
    cover: live.cover,
    title: live.title,
    presenters: live.kol.map((k) => k.name).join('，'),
  };
  switch (live.status) {
    case 1:
      return {
        ...base,
        tone: 'live',
        tag: '直播中',
        startsAt: null,
        count: `${formatCount(live.onlines)}人在线`,
        target: 'about',
      };
    case 2:
      return {
        ...base,
        tone: !tagsKnown ? 'upcoming' : live.is_subscribe === 0 ? 'unsubscribed' : 'subscribed',
        tag: !tagsKnown ? '即将开播' : live.is_subscribe === 0 ? '未预约' : '已预约',
        startsAt: `${formatMonthDayTime(live.start_time)} 开播`,
        count: `${formatCount(live.subscribe_number)}人预约`,
        target: 'about',
      };
    default:
      return {
        ...base,
        tone: 'ended',
        tag: '已结束',
        startsAt: null,
        count: `${formatCount(live.playback_number)}次回放`,
        target: 'liveEnd',
      };
  }
}

const selectPendingSubscribe = (state: RootState) => selectLivesState(state).pendingSubscribe;

/** True once the tags shown are the viewer's own (see toHomeRow). */
export const selectViewerTagsKnown = (state: RootState) => selectLivesState(state).viewerTags === 'known';

/**
 * The last row made for each live: a row whose words did not change is the same object as before, so its card
 * (memoised) does not render again when another live's count moves, a poll answers or the viewer's tags arrive.
 */
const lastRows = new Map<number, HomeLiveRow>();
function stableRow(row: HomeLiveRow): HomeLiveRow {
  const last = lastRows.get(row.id);
  if (last && shallowEqual(last, row)) return last;
  lastRows.set(row.id, row);
  return row;
}

export const selectHomeRows = createSelector(
  [selectHomeList, selectLiveEntities, selectPendingSubscribe, selectViewerTagsKnown],
  (homeList, entities, pending, known): HomeLiveRow[] =>
    homeList.ids.flatMap((id) => {
      const live = entities[id];
      return live ? [stableRow({ ...toHomeRow(live, known), pending: Boolean(pending[id]) })] : [];
    }),
);

export const selectHomeHasMore = createSelector(
  [selectHomeList],
  (list) => list.status !== 'failed' && list.ids.length < list.total,
);

export const selectLiveNotice = (state: RootState) => selectLivesState(state).notice;

/** Rooms of the home list's lives that are not over: what online polling asks about. */
export const selectHomeRoomIds = createSelector(
  [(s: RootState) => selectLivesState(s).homeList.ids, selectLiveEntities],
  (ids, entities) => ids.flatMap((id) => (entities[id] && entities[id].status !== 3 ? [entities[id].room_id] : [])),
);
