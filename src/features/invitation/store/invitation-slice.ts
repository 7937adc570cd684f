import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { createSelector } from 'reselect';

import type { PhoneRegion } from '@/api/contract/auth';
import type {
  FriendItem,
  GiftItem,
  LearningTask,
  MemberInfo,
  MgmRegistered,
  ShareUserInfo,
} from '@/api/contract/invitation';
import { injectSlice, ssrDataHydrated } from '@/store';

/** The landing as the server rendered it for anyone (not yet who opens it: that answer comes with the open). */
export interface LandingSsrData {
  shareCode: string;
  info: ShareUserInfo;
}

declare module '@/store/ssr' {
  interface SsrPayloads {
    invitationLanding: LandingSsrData;
  }
}

type Status = 'idle' | 'loading' | 'loaded' | 'failed';

export interface PagedState<T> {
  status: Status;
  items: T[];
  page: number;
  total: number;
  loadingMore: boolean;
  error: string | null;
}

/**
 * notJoined: the person is not in the program (a visitor, or signed in and never tapped 加入): the screen explains
 * it and offers 加入; joining: that tap is out; joinError: why it did not go through.
 */
type MemberStatus = Status | 'notJoined' | 'joining';
export interface InvitationState {
  me: { status: MemberStatus; info: MemberInfo | null; error: string | null };
  friends: PagedState<FriendItem>;
  gifts: PagedState<GiftItem> & { pendingPoints: number; grantedPoints: number };
  /** serverRendered: the server rendered the landing; its first open keeps it while it is read again. */
  landing: {
    status: Status;
    shareCode: string | null;
    info: ShareUserInfo | null;
    error: string | null;
    serverRendered?: boolean;
  };
  regions: { status: Status; list: PhoneRegion[]; error: string | null };
  /** Identity verification (name + resident ID), after registration or from /record. */
  identity: { status: 'editing' | 'submitting' | 'verified' | 'failed'; error: string | null };
  /** Learning tasks: one is read at a time; secondsLeft counts down by tick events from the saga. */
  tasks: {
    status: Status;
    list: LearningTask[];
    error: string | null;
    busyId: number | null;
    taskError: string | null;
  };
  /** The 复制链接 toast: shown after a copy (or why it failed), hidden again by the saga. */
  copy: 'idle' | 'copying' | 'copied' | 'failed';
  register: {
    sending: boolean;
    codeSent: boolean;
    resendIn: number;
    codeError: string | null;
    status: 'editing' | 'submitting' | 'registered' | 'failed';
    error: string | null;
    result: MgmRegistered | null;
  };
}

const paged = <T>(): PagedState<T> => ({
  status: 'idle',
  items: [],
  page: 0,
  total: 0,
  loadingMore: false,
  error: null,
});

export const initialInvitationState: InvitationState = {
  me: { status: 'idle', info: null, error: null },
  friends: paged<FriendItem>(),
  gifts: { ...paged<GiftItem>(), pendingPoints: 0, grantedPoints: 0 },
  landing: { status: 'idle', shareCode: null, info: null, error: null },
  regions: { status: 'idle', list: [], error: null },
  identity: { status: 'editing', error: null },
  tasks: { status: 'idle', list: [], error: null, busyId: null, taskError: null },
  copy: 'idle',
  register: {
    sending: false,
    codeSent: false,
    resendIn: 0,
    codeError: null,
    status: 'editing',
    error: null,
    result: null,
  },
};

type Page<T> = { items: T[]; page: number; total: number };
const pageLoaded = <T>(s: PagedState<T>, p: Page<T>) => {
  s.items = p.page === 1 ? p.items : [...s.items, ...p.items];
  s.page = p.page;
  s.total = p.total;
  s.status = 'loaded';
  s.loadingMore = false;
  s.error = null;
};

export const invitationSlice = createSlice({
  name: 'invitation',
  initialState: initialInvitationState,
  reducers: {
    /** /record opened, pulled to refresh or retried: who I am, then my friends and rewards, page 1. */
    recordOpened(state) {
      state.me = { ...state.me, status: 'loading', error: null };
      state.tasks = { ...state.tasks, status: 'loading', error: null };
      state.friends = { ...state.friends, status: 'loading', error: null };
      state.gifts = { ...state.gifts, status: 'loading', error: null };
    },
    /** Not in the program: nothing else of /record can load until the person taps 加入. */
    memberNotJoined(state) {
      state.me = { status: 'notJoined', info: null, error: null };
      state.friends = { ...state.friends, status: 'idle', error: null };
      state.gifts = { ...state.gifts, status: 'idle', error: null };
      state.tasks = { ...state.tasks, status: 'idle', error: null };
    },
    /** Tapped 加入 on /record: the one gesture that makes a person a member. */
    joinRequested(state) {
      if (state.me.status !== 'notJoined') return;
      state.me = { status: 'joining', info: null, error: null };
    },
    joinFailed(state, action: PayloadAction<{ message: string }>) {
      if (state.me.status === 'joining') state.me = { status: 'notJoined', info: null, error: action.payload.message };
    },
    /** Joined: who I am now, then my (empty) lists load as on an open. */
    joined(state, action: PayloadAction<MemberInfo>) {
      state.me = { status: 'loaded', info: action.payload, error: null };
      state.tasks = { ...state.tasks, status: 'loading', error: null };
      state.friends = { ...state.friends, status: 'loading', error: null };
      state.gifts = { ...state.gifts, status: 'loading', error: null };
    },
    memberLoaded(state, action: PayloadAction<MemberInfo>) {
      state.me = { status: 'loaded', info: action.payload, error: null };
    },
    /** The member submitted their real name and resident ID (the action log redacts both keys). */
    identitySubmitted(state, _action: PayloadAction<{ realName: string; idNumber: string }>) {
      if (state.identity.status === 'submitting' || state.identity.status === 'verified') return;
      state.identity = { status: 'submitting', error: null };
    },
    identityVerified(state, action: PayloadAction<MemberInfo>) {
      state.identity = { status: 'verified', error: null };
      state.me = { status: 'loaded', info: action.payload, error: null };
      if (state.register.result) state.register.result = { ...state.register.result, member: action.payload };
    },
    identityFailed(state, action: PayloadAction<{ message: string }>) {
      if (state.identity.status === 'submitting') state.identity = { status: 'failed', error: action.payload.message };
    },
    tasksLoaded(state, action: PayloadAction<{ list: LearningTask[] }>) {
      state.tasks = { ...state.tasks, status: 'loaded', list: action.payload.list, error: null };
    },
    tasksFailed(state, action: PayloadAction<{ message: string }>) {
      state.tasks = { ...state.tasks, status: 'failed', error: action.payload.message };
    },
    /** Tapped 开始学习 (or 完成学习): one task call at a time. */
    taskStartRequested(state, action: PayloadAction<{ articleId: number }>) {
      if (state.tasks.busyId === null)
        state.tasks = { ...state.tasks, busyId: action.payload.articleId, taskError: null };
    },
    taskCompleteRequested(state, action: PayloadAction<{ articleId: number }>) {
      if (state.tasks.busyId === null)
        state.tasks = { ...state.tasks, busyId: action.payload.articleId, taskError: null };
    },
    taskUpdated(state, action: PayloadAction<LearningTask>) {
      state.tasks.list = state.tasks.list.map((t) => (t.articleId === action.payload.articleId ? action.payload : t));
      state.tasks.busyId = null;
    },
    taskFailed(state, action: PayloadAction<{ message: string }>) {
      state.tasks = { ...state.tasks, busyId: null, taskError: action.payload.message };
    },
    /** One second of reading passed (the server keeps the real clock; this only shows it). */
    taskTicked(state, action: PayloadAction<{ articleId: number }>) {
      const task = state.tasks.list.find((t) => t.articleId === action.payload.articleId);
      if (task && task.state === 'reading' && task.secondsLeft > 0) task.secondsLeft -= 1;
    },
    memberFailed(state, action: PayloadAction<{ message: string }>) {
      const { message } = action.payload;
      state.me = { status: 'failed', info: state.me.info, error: message };
      // Without a member nothing else can load: each part shows the failure and its retry.
      if (state.friends.status === 'loading') state.friends = { ...state.friends, status: 'failed', error: message };
      if (state.gifts.status === 'loading') state.gifts = { ...state.gifts, status: 'failed', error: message };
      if (state.tasks.status === 'loading') state.tasks = { ...state.tasks, status: 'failed', error: message };
    },
    friendsMoreRequested(state) {
      if (state.friends.status === 'loaded' && state.friends.items.length < state.friends.total)
        state.friends.loadingMore = true;
    },
    friendsLoaded(state, action: PayloadAction<Page<FriendItem>>) {
      pageLoaded(state.friends, action.payload);
    },
    friendsFailed(state, action: PayloadAction<{ message: string }>) {
      state.friends = {
        ...state.friends,
        status: state.friends.loadingMore ? 'loaded' : 'failed',
        loadingMore: false,
        error: action.payload.message,
      };
    },
    giftsMoreRequested(state) {
      if (state.gifts.status === 'loaded' && state.gifts.items.length < state.gifts.total)
        state.gifts.loadingMore = true;
    },
    giftsLoaded(state, action: PayloadAction<Page<GiftItem> & { pendingPoints: number; grantedPoints: number }>) {
      pageLoaded(state.gifts, action.payload);
      state.gifts.pendingPoints = action.payload.pendingPoints;
      state.gifts.grantedPoints = action.payload.grantedPoints;
    },
    giftsFailed(state, action: PayloadAction<{ message: string }>) {
      state.gifts = {
        ...state.gifts,
        status: state.gifts.loadingMore ? 'loaded' : 'failed',
        loadingMore: false,
        error: action.payload.message,
      };
    },
    /** The invite landing page opened (or retried) for a share code. */
    landingOpened(state, action: PayloadAction<{ shareCode: string }>) {
      const { landing } = state;
      // The server's landing stays on screen while it is read again (and the open recorded) for this visitor.
      if (landing.serverRendered && landing.shareCode === action.payload.shareCode) {
        state.landing = { ...landing, status: 'loading', serverRendered: false };
        return;
      }
      state.landing = { status: 'loading', shareCode: action.payload.shareCode, info: null, error: null };
      if (state.regions.status !== 'loaded') state.regions = { status: 'loading', list: [], error: null };
    },
    landingLoaded(state, action: PayloadAction<ShareUserInfo>) {
      if (state.landing.status === 'loading')
        state.landing = { ...state.landing, status: 'loaded', info: action.payload };
    },
    landingFailed(state, action: PayloadAction<{ message: string }>) {
      if (state.landing.status === 'loading')
        state.landing = { ...state.landing, status: 'failed', error: action.payload.message };
    },
    /** The register form needs the phone regions (a page without a share code, or a retry). */
    regionsRequested(state) {
      if (state.regions.status !== 'loading' && state.regions.status !== 'loaded')
        state.regions = { status: 'loading', list: [], error: null };
    },
    regionsLoaded(state, action: PayloadAction<{ list: PhoneRegion[] }>) {
      state.regions = { status: 'loaded', list: action.payload.list, error: null };
    },
    regionsFailed(state, action: PayloadAction<{ message: string }>) {
      state.regions = { status: 'failed', list: [], error: action.payload.message };
    },
    /** Tapped 复制链接 on /record. */
    inviteLinkCopyRequested(state, _action: PayloadAction<{ link: string }>) {
      state.copy = 'copying';
    },
    inviteLinkCopied(state) {
      if (state.copy === 'copying') state.copy = 'copied';
    },
    inviteLinkCopyFailed(state) {
      if (state.copy === 'copying') state.copy = 'failed';
    },
    inviteLinkToastHidden(state) {
      if (state.copy === 'copied' || state.copy === 'failed') state.copy = 'idle';
    },
    registerCodeRequested(state, _action: PayloadAction<{ region: string; phone: string }>) {
      if (state.register.sending || state.register.resendIn > 0) return;
      state.register.sending = true;
      state.register.codeError = null;
    },
    registerCodeSent(state, action: PayloadAction<{ resendIn: number }>) {
      state.register = { ...state.register, sending: false, codeSent: true, resendIn: action.payload.resendIn };
    },
    registerCodeFailed(state, action: PayloadAction<{ message: string }>) {
      state.register = { ...state.register, sending: false, codeError: action.payload.message };
    },
    registerCountdownTicked(state) {
      if (state.register.resendIn > 0) state.register.resendIn -= 1;
    },
    registerSubmitted(
      state,
      _action: PayloadAction<{ region: string; phone: string; code: string; password: string; agree: boolean }>,
    ) {
      if (state.register.status === 'submitting' || state.register.status === 'registered') return;
      state.register.status = 'submitting';
      state.register.error = null;
    },
    registered(state, action: PayloadAction<MgmRegistered>) {
      state.register = { ...state.register, status: 'registered', result: action.payload, error: null, resendIn: 0 };
    },
    registerFailed(state, action: PayloadAction<{ message: string }>) {
      state.register = { ...state.register, status: 'failed', error: action.payload.message };
    },
  },
  extraReducers: (builder) => {
    builder.addCase(ssrDataHydrated, (state, action) => {
      const page = action.payload.data.invitationLanding;
      if (page)
        state.landing = {
          status: 'loaded',
          shareCode: page.shareCode,
          info: page.info,
          error: null,
          serverRendered: true,
        };
    });
  },
});

export const invitationEvents = invitationSlice.actions;
export const invitationReducer = invitationSlice.reducer;

/** Lazy slice: only the invitation screens' chunks import this file, which injects it. */
declare module '@/store/root-reducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof invitationSlice> {}
}

export const selectInvitation = injectSlice(invitationSlice);
export const selectMe = createSelector(selectInvitation, (s) => s.me);
export const selectFriends = createSelector(selectInvitation, (s) => s.friends);
export const selectGifts = createSelector(selectInvitation, (s) => s.gifts);
export const selectLanding = createSelector(selectInvitation, (s) => s.landing);
export const selectRegions = createSelector(selectInvitation, (s) => s.regions);
export const selectRegister = createSelector(selectInvitation, (s) => s.register);
export const selectIdentity = createSelector(selectInvitation, (s) => s.identity);
export const selectTasks = createSelector(selectInvitation, (s) => s.tasks);
export const selectCopy = createSelector(selectInvitation, (s) => s.copy);
/** What pull-to-refresh on /record waits on (useRefresh): every part of the screen. */
export const selectRecordParts = createSelector(selectInvitation, (s) => [s.me, s.friends, s.gifts, s.tasks]);
/** The 刷新 button waits while any part of /record is loading. */
export const selectRecordBusy = createSelector(selectRecordParts, (parts) => parts.some((x) => x.status === 'loading'));
