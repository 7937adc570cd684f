import { createEntityAdapter, createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';

import type { RoomOnlineItem } from '../../../api/contract/chat-room';
import type { LiveDetail, SubscribeResult } from '../../../api/contract/lives';
import { committed, copyEntities, entitiesWithMany, frozenWith } from '../../../lib/frozen';
import type { SubscribeChannel } from '../live-room-api';
import type {
  HomeListState,
  HomeQuery,
  HomeSsrData,
  LiveItem,
  LiveNotice,
  LoadError,
  PendingSubscribe,
  ReminderChannel,
} from './types';

import { injectSlice, ssrDataHydrated } from '@/store';

const selectLiveId = (live: LiveItem) => live.num_index;

/** Every field of a list item, each also in a live's detail (the record makes the compiler check it names them all). */
const LIVE_ITEM_FIELDS: Record<keyof LiveItem, true> = {
  num_index: true,
  status: true,
  is_subscribe: true,
  cover: true,
  title: true,
  start_time: true,
  end_time: true,
  kol: true,
  onlines: true,
  subscribe_number: true,
  playback_number: true,
  room_id: true,
};

/** The list item inside a live's detail. */
export function liveItemOf(d: LiveDetail): LiveItem {
  return Object.fromEntries(Object.keys(LIVE_ITEM_FIELDS).map((k) => [k, d[k as keyof LiveItem]])) as LiveItem;
}
export const livesAdapter = createEntityAdapter<LiveItem, number>({ selectId: selectLiveId });

export const HOME_PAGE_SIZE = 20;

const initialHomeList: HomeListState = {
  status: 'idle',
  query: null,
  ids: [],
  page: 0,
  pageSize: HOME_PAGE_SIZE,
  total: 0,
  error: null,
  moreError: null,
  refreshError: null,
};

const initialState = livesAdapter.getInitialState({
  homeList: initialHomeList,
  /** Subscribe/cancel calls in flight, by live id: a second tap meanwhile is ignored. */
  pendingSubscribe: {} as Record<number, PendingSubscribe>,
  notice: null as LiveNotice | null,
  /** Inside WeChat a share tap shows the "点击右上角 ··· 分享" guide over the page. */
  shareGuide: false,
  /** Online polling: the rooms on screen, whether the page is hidden, the last failure. */
  polling: { roomIds: [] as string[], active: false, hidden: false, failures: 0, lastError: null as LoadError | null },
  /**
   * Whether the subscription tags shown are the viewer's own. 'pending' after a public server render (the server
   * could not know who holds the phone): upcoming lives then show a neutral tag, not 未预约 turning into 已预约,
   * until the viewer's own read arrives or they turn out to be a visitor.
   */
  viewerTags: 'known' as 'known' | 'pending',
});
export type LivesState = typeof initialState;

export interface SubscribeRequestedPayload {
  liveId: number;
  /** true: subscribe; false: cancel. */
  subscribe: boolean;
  channel: SubscribeChannel;
}

export interface LiveShareRequest {
  liveId: number;
  title: string;
}

export interface HomeListLoadedPayload {
  page: number;
  pageSize: number;
  total: number;
  list: LiveItem[];
}

const livesSlice = createSlice({
  name: 'lives',
  initialState,
  reducers: {
    /** Subscribe or cancel tapped: the tag and count change at once (optimistic); the saga confirms or rolls back. */
    liveSubscribeRequested(state, action: PayloadAction<SubscribeRequestedPayload>) {
      const { liveId, subscribe } = action.payload;
      const live = state.entities[liveId];
      if (!live || state.pendingSubscribe[liveId] || live.status === 3) return;
      if ((live.is_subscribe !== 0) === subscribe) return;
      state.pendingSubscribe[liveId] = {
        previous: { is_subscribe: live.is_subscribe, subscribe_number: live.subscribe_number },
      };
      live.is_subscribe = subscribe ? 1 : 0;
      live.subscribe_number = Math.max(0, live.subscribe_number + (subscribe ? 1 : -1));
      state.notice = null;
    },
    liveSubscribed(state, action: PayloadAction<SubscribeResult & { reminder?: ReminderChannel }>) {
      const { num_index, is_subscribe, subscribe_number, reminder = 'none' } = action.payload;
      if (!state.pendingSubscribe[num_index]) return;
      delete state.pendingSubscribe[num_index];
      const live = state.entities[num_index];
      if (live) Object.assign(live, { is_subscribe, subscribe_number });
      // "开播前将提醒您" only when something will remind; else say what the user can do.
      state.notice = !is_subscribe
        ? { liveId: num_index, tone: 'success', text: '已取消预约' }
        : reminder === 'none'
          ? {
              liveId: num_index,
              tone: 'success',
              text: '预约成功。暂无法为您发送开播提醒，可添加到日历',
              offerCalendar: true,
            }
          : {
              liveId: num_index,
              tone: 'success',
              text: reminder === 'wechat' ? '预约成功，开播前将提醒您' : '预约成功，开播前将短信提醒您',
            };
    },
    liveSubscribeFailed(state, action: PayloadAction<{ liveId: number; error: LoadError }>) {
      const { liveId, error } = action.payload;
      const pending = state.pendingSubscribe[liveId];
      if (!pending) return;
      delete state.pendingSubscribe[liveId];
      const live = state.entities[liveId];
      if (live) Object.assign(live, pending.previous);
      state.notice = { liveId, tone: 'error', text: `操作未成功，已恢复原状态：${error.message}` };
    },
    /**
     * Nobody is signed in: a reminder needs someone to remind, so the tap is undone and
     * the visitor is sent to sign in; the subscription they asked for is completed when they come back.
     */
    liveSubscribeSignInRequired(state, action: PayloadAction<{ liveId: number }>) {
      const { liveId } = action.payload;
      const pending = state.pendingSubscribe[liveId];
      if (!pending) return;
      delete state.pendingSubscribe[liveId];
      const live = state.entities[liveId];
      if (live) Object.assign(live, pending.previous);
      state.notice = { liveId, tone: 'success', text: '请先登录，登录后将为您完成预约' };
    },
    /** The subscription stands; only WeChat's start reminder (wechatSubscribe) could not be set. */
    liveWechatReminderFailed(state, action: PayloadAction<{ liveId: number; error: LoadError }>) {
      const { liveId, error } = action.payload;
      if (!state.entities[liveId]) return;
      state.notice = { liveId, tone: 'error', text: `预约成功，但微信开播提醒未开启：${error.message}` };
    },
    /** Share tapped (system share sheet or copy link); the share saga does it. */
    liveShareRequested(_state, _action: PayloadAction<LiveShareRequest>) {},
    liveShared(state, action: PayloadAction<{ liveId: number; copied: boolean }>) {
      const { liveId, copied } = action.payload;
      state.notice = { liveId, tone: 'success', text: copied ? '链接已复制，可粘贴发送给好友' : '已分享' };
    },
    liveShareGuideShown(state) {
      state.shareGuide = true;
    },
    liveShareGuideClosed(state) {
      state.shareGuide = false;
    },
    liveShareFailed(state, action: PayloadAction<{ liveId: number }>) {
      state.notice = { liveId: action.payload.liveId, tone: 'error', text: '未能分享，请使用右上角菜单分享' };
    },
    liveNoticeDismissed(state) {
      state.notice = null;
    },
    /** Lives read by a detail or topic screen join the same entities, so every screen shows one tag. */
    liveItemsReceived(state, action: PayloadAction<LiveItem[]>) {
      // Items read through the API are read as this viewer.
      state.viewerTags = 'known';
      for (const item of action.payload) {
        // An item with a subscribe call in flight keeps its optimistic tag until the answer.
        if (state.pendingSubscribe[item.num_index]) continue;
        livesAdapter.upsertOne(state, item);
      }
    },
    /** The server's public render was opened by someone without a session: its tags are already theirs. */
    serverTagsConfirmedForVisitor(state) {
      state.viewerTags = 'known';
    },
    /** getLiveState answered: a known live takes its status and online count, so every screen agrees. */
    liveStateReceived(state, action: PayloadAction<{ num_index: number; status: 1 | 2 | 3; onlines: number }>) {
      const live = state.entities[action.payload.num_index];
      if (!live) return;
      live.status = action.payload.status;
      live.onlines = action.payload.onlines;
    },
    onlinePollingStarted(state, action: PayloadAction<{ roomIds: string[] }>) {
      state.polling.roomIds = action.payload.roomIds;
      state.polling.active = action.payload.roomIds.length > 0;
      state.polling.failures = 0;
      state.polling.lastError = null;
    },
    onlinePollingStopped(state) {
      state.polling.active = false;
      state.polling.roomIds = [];
    },
    pageVisibilityChanged(state, action: PayloadAction<{ hidden: boolean }>) {
      state.polling.hidden = action.payload.hidden;
    },
    /** One batched poll answered: online counts and, where the server says so, new statuses. */
    roomOnlineReceived(draft, action: PayloadAction<{ items: RoomOnlineItem[] }>) {
      // Every 10 s while a list is on screen: built by hand from the committed state (see
      // lib/frozen.ts); only the lives whose count or status moved are copied.
      const state = committed(draft);
      const byRoom = new Map(action.payload.items.map((i) => [i.room_id, i]));
      let entities: Record<number, LiveItem> | null = null;
      for (const id of state.ids) {
        const live = state.entities[id]!;
        const item = byRoom.get(live.room_id);
        if (!item || (live.onlines === item.num && (!item.status || live.status === item.status))) continue;
        entities ??= copyEntities(state.ids, state.entities);
        entities[id] = frozenWith(
          live,
          item.status ? { onlines: item.num, status: item.status } : { onlines: item.num },
        );
      }
      const pollingClean = state.polling.failures === 0 && state.polling.lastError === null;
      if (!entities && pollingClean) return state;
      return frozenWith(state, {
        entities: entities ? Object.freeze(entities) : state.entities,
        polling: pollingClean ? state.polling : frozenWith(state.polling, { failures: 0, lastError: null }),
      });
    },
    roomOnlinePollFailed(state, action: PayloadAction<{ error: LoadError }>) {
      state.polling.failures += 1;
      state.polling.lastError = action.payload.error;
    },
    /** The home screen was opened (or its address changed) for this user and date. */
    homeListOpened(state, action: PayloadAction<HomeQuery>) {
      const { homeList } = state;
      // Its first open shows the list the server rendered for this very address.
      if (
        homeList.serverRendered &&
        homeList.query?.uuid === action.payload.uuid &&
        homeList.query.date === action.payload.date
      ) {
        homeList.serverRendered = false;
        return;
      }
      state.homeList = { ...initialHomeList, status: 'loading', query: action.payload };
    },
    /** The user tapped retry on the error state. */
    homeListRetried(state) {
      const { homeList } = state;
      if (homeList.status !== 'failed' || !homeList.query) return;
      homeList.status = 'loading';
      homeList.error = null;
    },
    /** Pull to refresh: keep showing the list while page 1 reloads. */
    homeListRefreshRequested(state) {
      const { homeList } = state;
      if (homeList.status !== 'succeeded' || !homeList.query) return;
      homeList.status = 'refreshing';
      homeList.refreshError = null;
    },
    /** Scrolled to the end (or tapped "load more" after a failure). */
    homeListMoreRequested(state) {
      const { homeList } = state;
      if (homeList.status !== 'succeeded' || homeList.ids.length >= homeList.total) return;
      homeList.status = 'loadingMore';
      homeList.moreError = null;
    },
    homeListLoaded(draft, action: PayloadAction<HomeListLoadedPayload>) {
      const state = committed(draft);
      const { homeList } = state;
      if (homeList.status !== 'loading' && homeList.status !== 'refreshing' && homeList.status !== 'loadingMore')
        return;
      const { page, pageSize, total, list } = action.payload;
      // An answer for another page than the one asked for (a "more" overtaken by a refresh) is stale.
      const expected = homeList.status === 'loadingMore' ? homeList.page + 1 : 1;
      if (page !== expected) return;
      // The server sends whole items, so replacing is exact. Built by hand from the committed
      // state (lib/frozen.ts): a page under immer's drafts was the costliest step of a replay.
      const incoming = list.map((live) => live.num_index);
      const seen = page <= 1 ? null : new Set(homeList.ids);
      const listIds = seen ? [...homeList.ids, ...incoming.filter((id) => !seen.has(id))] : incoming;
      return frozenWith(state, {
        ...entitiesWithMany(state, list, selectLiveId),
        viewerTags: 'known',
        homeList: frozenWith(homeList, {
          ids: Object.freeze(listIds) as number[],
          page,
          pageSize,
          total,
          status: 'succeeded',
          error: null,
          refreshError: null,
        }),
      });
    },
    homeListLoadFailed(state, action: PayloadAction<LoadError>) {
      const { homeList } = state;
      if (homeList.status === 'loadingMore') {
        homeList.status = 'succeeded';
        homeList.moreError = action.payload;
      } else if (homeList.status === 'refreshing') {
        // The list on screen is still valid; say the refresh failed without blanking it.
        homeList.status = 'succeeded';
        homeList.refreshError = action.payload;
      } else if (homeList.status === 'loading') {
        homeList.status = 'failed';
        homeList.error = action.payload;
      }
    },
  },
  extraReducers: (builder) => {
    builder.addCase(ssrDataHydrated, (state, action) => {
      // A live screen's own live joins the entities (its tag and counts), as the saga's liveItemsReceived does.
      const detail = action.payload.data.liveScreen?.detail;
      // A live screen is always rendered as the public sees it; the home list is unless it names its viewer.
      if (detail) {
        livesAdapter.upsertOne(state, liveItemOf(detail));
        state.viewerTags = 'pending';
      }
      const home = action.payload.data.home;
      if (!home) return;
      state.viewerTags = home.personalFor === null ? 'pending' : 'known';
      livesAdapter.upsertMany(state, home.list);
      state.homeList = {
        ...initialHomeList,
        status: 'succeeded',
        query: home.query,
        ids: home.list.map(selectLiveId),
        page: home.page,
        pageSize: home.pageSize,
        total: home.total,
        serverRendered: true,
      };
    });
  },
});

declare module '@/store/ssr' {
  interface SsrPayloads {
    home: HomeSsrData;
  }
}

export const {
  homeListOpened,
  homeListRetried,
  homeListRefreshRequested,
  homeListMoreRequested,
  homeListLoaded,
  liveSubscribeSignInRequired,
  homeListLoadFailed,
  liveSubscribeRequested,
  liveSubscribed,
  liveSubscribeFailed,
  liveNoticeDismissed,
  liveWechatReminderFailed,
  liveShareRequested,
  liveShareGuideShown,
  liveShareGuideClosed,
  liveShared,
  liveShareFailed,
  liveItemsReceived,
  serverTagsConfirmedForVisitor,
  liveStateReceived,
  onlinePollingStarted,
  onlinePollingStopped,
  pageVisibilityChanged,
  roomOnlineReceived,
  roomOnlinePollFailed,
} = livesSlice.actions;

declare module '@/store/root-reducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof livesSlice> {}
}

// A home-screen slice: the app imports it before it builds its store (src/app/store/eager-slices.ts).
export const selectLivesState = injectSlice(livesSlice);
