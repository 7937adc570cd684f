import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';

import type { ChatMessage, RoomPreview, RoomUserDetail } from '../../../api/contract/chat-room';
import { LEAVE_MESSAGE_MAX, LEAVE_MESSAGE_MIN } from '../../../api/contract/live-constants';
import type {
  InteractAuth,
  LeaveMessage,
  LiveMinutes,
  LiveProduct,
  QualificationDeclaration,
} from '../../../api/contract/live-room';
import type { LiveDetail, LiveStatistics } from '../../../api/contract/lives';
import type { HoldMark } from '../../../api/contract/policy-holds';
import { committed, frozenWith } from '../../../lib/frozen';
import type { LoadError } from './types';

import { injectSlice, ssrDataHydrated } from '@/store';

/** What a live screen needs loaded beyond the live itself. */
export type LiveScreenKind =
  'about' | 'room' | 'replay' | 'end' | 'teaser' | 'activity' | 'minutes' | 'messages' | 'report' | 'miniApp';

type Loadable<T> = { status: 'idle' | 'loading' | 'succeeded' | 'failed'; data: T | null; error: LoadError | null };
const idle = <T>(): Loadable<T> => ({ status: 'idle', data: null, error: null });

/** Detail fields beyond the list item (which lives in the lives entities). */
export type LiveExtras = Pick<
  LiveDetail,
  'num_index' | 'description' | 'presenters' | 'hls_url' | 'mp4_url' | 'message_count' | 'room_id'
>;

export interface LiveRoomState {
  screen: LiveScreenKind | null;
  liveId: number | null;
  detail: Loadable<LiveExtras>;
  auth: InteractAuth | null;
  authStatus: 'idle' | 'confirming' | 'failed';
  authError: LoadError | null;
  /** What the viewer last declared at the gate, for the saga to send. */
  authDeclaration: QualificationDeclaration | null;
  messages: Loadable<ChatMessage[]>;
  products: LiveProduct[];
  banners: LiveProduct[];
  statistics: LiveStatistics | null;
  minutes: Loadable<LiveMinutes>;
  leaveList: Loadable<LeaveMessage[]>;
  leave: { status: 'idle' | 'sending' | 'sent' | 'failed'; error: string | null; draft: string };
  /** The policy held the message just sent (待合规审核): its writer is told so instead of "sent". */
  leaveHold?: HoldMark | null;
  heartbeat: { onlines: number | null; playbackNumber: number | null };
  /** The clock for countdowns, moved by the room saga once a second while a screen is open. */
  nowMs: number | null;
  /** Other lives (end page) or a topic page's lives: ids into the lives entities. */
  related: Loadable<number[]>;
  /** The chat room at a glance (end page): its summary and last few messages. */
  preview: Loadable<{ summary: RoomPreview; recent: ChatMessage[] }>;
  /** How the signed-in viewer appears in the room; null when not signed in. */
  viewer: RoomUserDetail | null;
  /** The server rendered this screen: its first open keeps the detail while it is read again. */
  serverRendered?: boolean;
}

/**
 * A live screen as the server rendered it: the public detail (no viewer) and no clock. The countdown is the
 * browser's own: with the server's second in the data, every second was a new page to render and compress for
 * each upcoming live someone had open, and a render is what a request arriving then waited for.
 */
export interface LiveScreenSsrData {
  liveId: number;
  screen: LiveScreenKind;
  detail: LiveDetail;
}

declare module '@/store/ssr' {
  interface SsrPayloads {
    liveScreen: LiveScreenSsrData;
  }
}

const initialState: LiveRoomState = {
  screen: null,
  liveId: null,
  detail: idle(),
  auth: null,
  authStatus: 'idle',
  authError: null,
  authDeclaration: null,
  messages: idle(),
  products: [],
  banners: [],
  statistics: null,
  minutes: idle(),
  leaveList: idle(),
  leave: { status: 'idle', error: null, draft: '' },
  heartbeat: { onlines: null, playbackNumber: null },
  nowMs: null,
  related: idle(),
  preview: idle(),
  viewer: null,
};

/** Length as a person counts characters (an emoji is one). */
export const charLength = (text: string) => [...text.trim()].length;

export function leaveMessageProblem(content: string): string | null {
  const n = charLength(content);
  if (n === 0) return '请输入留言内容';
  if (n < LEAVE_MESSAGE_MIN) return `留言至少 ${LEAVE_MESSAGE_MIN} 个字`;
  if (n > LEAVE_MESSAGE_MAX) return `留言最多 ${LEAVE_MESSAGE_MAX} 个字，当前 ${n} 个字`;
  return null;
}

export const liveRoomSlice = createSlice({
  name: 'liveRoom',
  initialState,
  reducers: {
    liveScreenOpened(state, action: PayloadAction<{ liveId: number; screen: LiveScreenKind }>) {
      const { liveId, screen } = action.payload;
      // The server's detail stays on screen while the saga reads it again for this viewer (and runs the live parts).
      if (state.serverRendered && state.liveId === liveId && state.screen === screen) {
        return { ...state, serverRendered: false, detail: { status: 'loading', data: state.detail.data, error: null } };
      }
      return { ...initialState, screen, liveId, detail: { status: 'loading', data: null, error: null } };
    },
    liveScreenRetried(state) {
      if (state.detail.status !== 'failed') return;
      state.detail = { status: 'loading', data: null, error: null };
    },
    liveScreenClosed() {
      return initialState;
    },
    liveDetailLoaded(state, action: PayloadAction<{ detail: LiveDetail; auth: InteractAuth | null }>) {
      const { detail, auth } = action.payload;
      if (state.detail.status !== 'loading' || detail.num_index !== state.liveId) return;
      const { num_index, description, presenters, hls_url, mp4_url, message_count, room_id } = detail;
      state.detail = {
        status: 'succeeded',
        data: { num_index, description, presenters, hls_url, mp4_url, message_count, room_id },
        error: null,
      };
      state.auth = auth;
      if (state.screen === 'end') state.preview = { status: 'loading', data: null, error: null };
    },
    liveDetailLoadFailed(state, action: PayloadAction<LoadError>) {
      if (state.detail.status !== 'loading') return;
      state.detail = { status: 'failed', data: null, error: action.payload };
    },
    liveClockTicked(draft, action: PayloadAction<{ nowMs: number }>) {
      // Once a second while a live screen is open (most entries of a recorded hour): built by
      // hand from the committed state, see lib/frozen.ts.
      const state = committed(draft);
      return state.screen ? frozenWith(state, { nowMs: action.payload.nowMs }) : state;
    },
    /** The viewer declared (basis and amount) or, with none, asked the gate again with what is on record. */
    interactAuthConfirmed(state, action: PayloadAction<QualificationDeclaration | undefined>) {
      if (!state.auth || state.auth.passed || state.authStatus === 'confirming') return;
      state.authStatus = 'confirming';
      state.authError = null;
      state.authDeclaration = action.payload ?? null;
    },
    /** "我不符合": recorded by the server; the screen takes the viewer to the public content. */
    interactAuthDeclined() {},
    /** The server's answer: passed, or still shut with the reason. */
    interactAuthPassed(state, action: PayloadAction<InteractAuth>) {
      if (state.authStatus !== 'confirming') return;
      state.auth = action.payload;
      state.authStatus = 'idle';
    },
    interactAuthFailed(state, action: PayloadAction<LoadError>) {
      if (state.authStatus !== 'confirming') return;
      state.authStatus = 'failed';
      state.authError = action.payload;
    },
    roomMessagesLoaded(state, action: PayloadAction<ChatMessage[]>) {
      state.messages = { status: 'succeeded', data: action.payload, error: null };
    },
    /** Retry tapped on the room's message-load error. */
    roomMessagesRetried(state) {
      if (state.messages.status !== 'failed') return;
      state.messages = { ...state.messages, status: 'loading', error: null };
    },
    roomMessagesLoadFailed(state, action: PayloadAction<LoadError>) {
      // A failed refresh keeps the messages already shown.
      state.messages = {
        ...state.messages,
        status: state.messages.data ? 'succeeded' : 'failed',
        error: action.payload,
      };
    },
    liveProductsLoaded(state, action: PayloadAction<{ products: LiveProduct[]; banners: LiveProduct[] }>) {
      state.products = action.payload.products;
      state.banners = action.payload.banners;
    },
    liveStatisticsLoaded(state, action: PayloadAction<LiveStatistics>) {
      state.statistics = action.payload;
    },
    liveMinutesLoaded(state, action: PayloadAction<LiveMinutes>) {
      state.minutes = { status: 'succeeded', data: action.payload, error: null };
    },
    liveMinutesLoadFailed(state, action: PayloadAction<LoadError>) {
      state.minutes = { status: 'failed', data: null, error: action.payload };
    },
    leaveMessagesLoaded(state, action: PayloadAction<LeaveMessage[]>) {
      state.leaveList = { status: 'succeeded', data: action.payload, error: null };
    },
    leaveMessagesLoadFailed(state, action: PayloadAction<LoadError>) {
      state.leaveList = {
        ...state.leaveList,
        status: state.leaveList.data ? 'succeeded' : 'failed',
        error: action.payload,
      };
    },
    leaveMessageDraftChanged(state, action: PayloadAction<string>) {
      if (state.leave.status === 'sending') return;
      state.leave = { status: 'idle', error: null, draft: action.payload };
    },
    /** Send tapped: bad input gets its reason and keeps the draft; good input goes out once. */
    leaveMessageSubmitted(state) {
      if (state.leave.status === 'sending' || state.liveId === null) return;
      const problem = leaveMessageProblem(state.leave.draft);
      state.leave = problem
        ? { ...state.leave, status: 'failed', error: problem }
        : { ...state.leave, status: 'sending', error: null };
    },
    leaveMessageSent(state, action: PayloadAction<LeaveMessage>) {
      if (state.leave.status !== 'sending') return;
      state.leave = { status: 'sent', error: null, draft: '' };
      state.leaveHold = action.payload.hold;
      if (state.leaveList.data) state.leaveList.data.unshift(action.payload);
    },
    leaveMessageFailed(state, action: PayloadAction<LoadError>) {
      if (state.leave.status !== 'sending') return;
      state.leave = { ...state.leave, status: 'failed', error: `留言未发送：${action.payload.message}` };
    },
    /** A topic page (no single live) was opened: its list loads. */
    topicListOpened(state) {
      state.related = { status: 'loading', data: state.related.data, error: null };
    },
    topicListRetried(state) {
      if (state.related.status !== 'failed') return;
      state.related = { status: 'loading', data: null, error: null };
    },
    relatedLivesLoaded(state, action: PayloadAction<number[]>) {
      state.related = { status: 'succeeded', data: action.payload, error: null };
    },
    relatedLivesLoadFailed(state, action: PayloadAction<LoadError>) {
      state.related = { status: 'failed', data: null, error: action.payload };
    },
    roomPreviewLoaded(state, action: PayloadAction<{ summary: RoomPreview; recent: ChatMessage[] }>) {
      if (state.preview.status !== 'loading' || action.payload.summary.room_id !== state.detail.data?.room_id) return;
      state.preview = { status: 'succeeded', data: action.payload, error: null };
    },
    roomPreviewLoadFailed(state, action: PayloadAction<LoadError>) {
      if (state.preview.status !== 'loading') return;
      state.preview = { status: 'failed', data: null, error: action.payload };
    },
    roomPreviewRetried(state) {
      if (state.preview.status !== 'failed') return;
      state.preview = { status: 'loading', data: null, error: null };
    },
    roomViewerIdentified(state, action: PayloadAction<RoomUserDetail>) {
      if (action.payload.room_id !== state.detail.data?.room_id) return;
      state.viewer = action.payload;
    },
    roomHeartbeatAcked(state, action: PayloadAction<{ onlines: number; playbackNumber: number }>) {
      state.heartbeat = { onlines: action.payload.onlines, playbackNumber: action.payload.playbackNumber };
    },
  },
  extraReducers: (builder) => {
    builder.addCase(ssrDataHydrated, (_state, action) => {
      const page = action.payload.data.liveScreen;
      if (!page) return undefined;
      const { num_index, description, presenters, hls_url, mp4_url, message_count, room_id } = page.detail;
      return {
        ...initialState,
        screen: page.screen,
        liveId: page.liveId,
        detail: {
          status: 'succeeded',
          data: { num_index, description, presenters, hls_url, mp4_url, message_count, room_id },
          error: null,
        },
        serverRendered: true,
      };
    });
  },
});

export const {
  liveScreenOpened,
  liveScreenRetried,
  liveScreenClosed,
  liveDetailLoaded,
  liveDetailLoadFailed,
  liveClockTicked,
  interactAuthConfirmed,
  interactAuthPassed,
  interactAuthDeclined,
  interactAuthFailed,
  roomMessagesLoaded,
  roomMessagesLoadFailed,
  liveProductsLoaded,
  liveStatisticsLoaded,
  liveMinutesLoaded,
  liveMinutesLoadFailed,
  leaveMessagesLoaded,
  leaveMessagesLoadFailed,
  leaveMessageDraftChanged,
  leaveMessageSubmitted,
  leaveMessageSent,
  leaveMessageFailed,
  roomHeartbeatAcked,
  roomPreviewLoaded,
  roomPreviewLoadFailed,
  roomPreviewRetried,
  roomMessagesRetried,
  roomViewerIdentified,
  topicListOpened,
  topicListRetried,
  relatedLivesLoaded,
  relatedLivesLoadFailed,
} = liveRoomSlice.actions;

export const liveRoomReducer = liveRoomSlice.reducer;

/**
 * Lazy slice: only the live screens' chunks import this file, and importing it injects the
 * slice. Until the store's next action after that, `liveRoom` is absent from the state and
 * the selector answers the initial state.
 */
export const selectLiveRoomState = injectSlice(liveRoomSlice);

declare module '@/store/root-reducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof liveRoomSlice> {}
}
