import type { LiveItem } from '../../../api/contract/lives';
import type { ApiErrorInfo } from '../../../api/errors';

export type { LiveItem };

/** Who the home list is for, read from the address (docs/rules/routes-and-screens.md#home). */
export interface HomeQuery {
  uuid: string;
  /** YYYY-MM-DD, or null when the address has none or an invalid one. */
  date: string | null;
}

/** What a person sees when a load fails: a sentence they can act on, and a code for support. */
export type LoadError = ApiErrorInfo;

/**
 * idle → loading → succeeded ⇄ refreshing / loadingMore → succeeded | failed.
 * refreshing and loadingMore keep the shown list; failed replaces it with the error.
 */
export type HomeListStatus = 'idle' | 'loading' | 'refreshing' | 'loadingMore' | 'succeeded' | 'failed';

export interface HomeListState {
  status: HomeListStatus;
  query: HomeQuery | null;
  ids: number[];
  page: number;
  pageSize: number;
  total: number;
  error: LoadError | null;
  /** A failed "load more" keeps the list and shows a retry at its end. */
  moreError: LoadError | null;
  /** A failed pull-to-refresh keeps the list and says so above it. */
  refreshError: LoadError | null;
  /** The server rendered this list: the screen's first open keeps it instead of loading again. */
  serverRendered?: boolean;
}

/** The home list as the server rendered it; `personalFor` is the mini-program user it was rendered for, else null (public). */
export interface HomeSsrData {
  query: HomeQuery;
  page: number;
  pageSize: number;
  total: number;
  list: LiveItem[];
  personalFor: string | null;
}

/** A subscribe/cancel in flight: what to restore if the server says no. */
export interface PendingSubscribe {
  previous: { is_subscribe: number; subscribe_number: number };
}

/** A short message about the last gesture (rollback reason, success), shown once. */
export interface LiveNotice {
  liveId: number;
  tone: 'success' | 'error';
  text: string;
  /** No reminder channel: the notice offers an .ics for the user's own calendar. */
  offerCalendar?: boolean;
}

/** How a subscriber will be reminded: WeChat's one-time message, SMS to a verified phone, or nothing. */
export type ReminderChannel = 'wechat' | 'sms' | 'none';
