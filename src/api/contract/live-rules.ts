import { LiveStatus } from './lives';

/** Paging defaults of POST /api/live/getLivesByCategoryId. */
export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 20;

/** With a `date`, ended lives that ended more than this many days before it are left out. */
export const ENDED_LIVES_WINDOW_DAYS = 180;

/**
 * Status of a live at an instant (docs/rules/states.md#live-status): live while start <= now < end, upcoming
 * before its start, ended from its end on. The server computes it per request.
 */
export function liveStatusAt(startMs: number, endMs: number, nowMs: number): LiveStatus {
  if (nowMs >= endMs) return LiveStatus.ended;
  if (nowMs >= startMs) return LiveStatus.live;
  return LiveStatus.upcoming;
}
