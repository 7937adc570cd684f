import { createSelector } from 'reselect';

import { formatCount, formatMonthDayTime } from '../../../lib/format';
import { selectLiveRoomState } from './live-room-slice';
import { selectLivesState } from './lives-slice';
import { type HomeLiveRow, selectLiveEntities, selectViewerTagsKnown, toHomeRow } from './selectors';

import type { RootState } from '@/store';

// Live screens only: this file brings the (lazy) liveRoom slice; home selectors live in selectors.ts.
export const selectLiveRoom = selectLiveRoomState;
const selectPending = (state: RootState) => selectLivesState(state).pendingSubscribe;

/** "2天 03:04:05" until the start; null once started or before the clock has ticked. */
export function countdownText(startSeconds: number, nowMs: number | null): string | null {
  if (nowMs === null) return null;
  const left = Math.floor(startSeconds - nowMs / 1000);
  if (left <= 0) return null;
  const d = Math.floor(left / 86400);
  const pad = (n: number) => String(n).padStart(2, '0');
  const hms = `${pad(Math.floor((left % 86400) / 3600))}:${pad(Math.floor((left % 3600) / 60))}:${pad(left % 60)}`;
  return d > 0 ? `${d}天 ${hms}` : hms;
}

/** "12:34" / "1:02:03" for a replay offset. */
export function formatOffset(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  return h > 0
    ? `${h}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`
    : `${pad(Math.floor(s / 60))}:${pad(s % 60)}`;
}

/** What the top of a live screen shows: the countdown, "about to start" (start passed, server still says upcoming), the live, or the ended live. */
export type LiveStage = 'waiting' | 'starting' | 'live' | 'ended';

export function liveStage(status: number, startSeconds: number, nowMs: number | null): LiveStage {
  if (status === 1) return 'live';
  if (status === 3) return 'ended';
  // The same instant the countdown stops showing: never a 00:00:00 or a negative countdown.
  return nowMs !== null && countdownText(startSeconds, nowMs) === null ? 'starting' : 'waiting';
}

/** The opened live as its screens show it. */
export const selectOpenedLive = createSelector(
  [selectLiveRoom, selectLiveEntities, selectPending, selectViewerTagsKnown],
  (room, entities, pending, tagsKnown) => {
    const live = room.liveId === null ? undefined : entities[room.liveId];
    const extras = room.detail.data;
    if (!live || !extras) return null;
    return {
      live,
      extras,
      row: toHomeRow(live, tagsKnown),
      tagsKnown,
      pending: Boolean(pending[live.num_index]),
      startsAt: formatMonthDayTime(live.start_time),
      countdown: live.status === 2 ? countdownText(live.start_time, room.nowMs) : null,
      stage: liveStage(live.status, live.start_time, room.nowMs),
      onlines: formatCount(room.heartbeat.onlines ?? live.onlines),
      playbacks: formatCount(room.statistics?.playback_number ?? room.heartbeat.playbackNumber ?? live.playback_number),
      durationMinutes: Math.max(1, Math.round((live.end_time - live.start_time) / 60)),
    };
  },
);
export type OpenedLive = NonNullable<ReturnType<typeof selectOpenedLive>>;

export const selectRelatedRows = createSelector(
  [selectLiveRoom, selectLiveEntities, selectViewerTagsKnown],
  (room, entities, known): HomeLiveRow[] =>
    (room.related.data ?? []).flatMap((id) => {
      const live = entities[id];
      return live ? [toHomeRow(live, known)] : [];
    }),
);

export const selectRelatedRoomIds = createSelector([selectLiveRoom, selectLiveEntities], (room, entities) =>
  (room.related.data ?? []).flatMap((id) => (entities[id] && entities[id].status !== 3 ? [entities[id].room_id] : [])),
);
