import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';

import type { ListKind } from '../api';

import { rootReducer } from '@/store';

/** A paged list by key ("news:view", "qa", "mine", "review:in_review"). */
export interface PagedList {
  status: 'idle' | 'loading' | 'refreshing' | 'loadingMore' | 'loaded' | 'failed';
  items: unknown[];
  next: string | null;
  error: string | null;
  requestId: number;
}
/** One loaded thing by key ("index", "qa:12", "member:9", "fund:3", "contract:8", "role"). */
export interface Resource {
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  data: unknown;
  error: string | null;
  requestId: number;
}
export interface LikeState {
  liked: boolean;
  likes: number;
  pending: boolean;
}
/** The reader's follow of one expert as shown: flipped at once on a tap, settled by the server. */
export interface FollowState {
  followed: boolean;
  followers: number;
  pending: boolean;
}
export type ResourceKind = 'index' | 'qa' | 'member' | 'fund' | 'contract' | 'role';
type Submit = { status: 'idle' | 'submitting' | 'done' | 'failed'; error: string | null; resultId: number | null };

export interface KnowledgeState {
  lists: Record<string, PagedList>;
  resources: Record<string, Resource>;
  likes: Record<string, LikeState>;
  /** By expert id. */
  follows: Record<number, FollowState>;
  followError: string | null;
  ask: Submit;
  confirm: Submit;
  /** The private fund the reader said they do not qualify for (this visit). */
  declinedProductId: number | null;
  decisions: Record<number, Submit>;
}

const initialState: KnowledgeState = {
  lists: {},
  resources: {},
  likes: {},
  follows: {},
  followError: null,
  ask: { status: 'idle', error: null, resultId: null },
  confirm: { status: 'idle', error: null, resultId: null },
  declinedProductId: null,
  decisions: {},
};
const emptyList = (): PagedList => ({ status: 'idle', items: [], next: null, error: null, requestId: 0 });

export const knowledgeSlice = createSlice({
  name: 'knowledge',
  initialState,
  reducers: {
    /** A screen wants a list: first page, a pull-to-refresh, or the next page. */
    listRequested(
      state,
      {
        payload,
      }: PayloadAction<{
        key: string;
        kind: ListKind;
        query?: Record<string, string | number>;
        mode: 'initial' | 'refresh' | 'more';
      }>,
    ) {
      const list = (state.lists[payload.key] ??= emptyList());
      if (payload.mode === 'more' && (!list.next || list.status === 'loadingMore')) return;
      list.requestId += 1;
      list.error = null;
      list.status =
        payload.mode === 'more'
          ? 'loadingMore'
          : payload.mode === 'refresh' && list.items.length
            ? 'refreshing'
            : 'loading';
    },
    listLoaded(
      state,
      {
        payload,
      }: PayloadAction<{ key: string; requestId: number; items: unknown[]; next: string | null; append: boolean }>,
    ) {
      const list = state.lists[payload.key];
      if (!list || list.requestId !== payload.requestId) return;
      list.items = payload.append ? [...list.items, ...payload.items] : payload.items;
      list.next = payload.next;
      list.status = 'loaded';
    },
    listFailed(state, { payload }: PayloadAction<{ key: string; requestId: number; message: string }>) {
      const list = state.lists[payload.key];
      if (!list || list.requestId !== payload.requestId) return;
      list.status = 'failed';
      list.error = payload.message;
    },
    resourceRequested(state, { payload }: PayloadAction<{ key: string; kind: ResourceKind; id?: number }>) {
      const r = (state.resources[payload.key] ??= { status: 'idle', data: null, error: null, requestId: 0 });
      r.requestId += 1;
      r.status = 'loading';
      r.error = null;
    },
    resourceLoaded(state, { payload }: PayloadAction<{ key: string; requestId: number; data: unknown }>) {
      const r = state.resources[payload.key];
      if (r && r.requestId === payload.requestId)
        Object.assign(r, { status: 'loaded', data: payload.data, error: null });
    },
    resourceFailed(state, { payload }: PayloadAction<{ key: string; requestId: number; message: string }>) {
      const r = state.resources[payload.key];
      if (r && r.requestId === payload.requestId) Object.assign(r, { status: 'failed', error: payload.message });
    },
    /** A thumb tapped: flips at once; taps while the request is out are ignored (double tap = one). */
    thumbsTapped(
      state,
      { payload }: PayloadAction<{ itemType: 'answer' | 'article'; itemId: number; liked: boolean; likes: number }>,
    ) {
      const key = `${payload.itemType}:${payload.itemId}`;
      const now = state.likes[key] ?? { liked: payload.liked, likes: payload.likes, pending: false };
      if (now.pending) return;
      state.likes[key] = { liked: !now.liked, likes: Math.max(0, now.likes + (now.liked ? -1 : 1)), pending: true };
    },
    thumbsSettled(state, { payload }: PayloadAction<{ key: string; liked: boolean; likes: number }>) {
      state.likes[payload.key] = { liked: payload.liked, likes: payload.likes, pending: false };
    },
    thumbsFailed(state, { payload }: PayloadAction<{ key: string }>) {
      const l = state.likes[payload.key];
      if (l)
        state.likes[payload.key] = {
          liked: !l.liked,
          likes: Math.max(0, l.likes + (l.liked ? -1 : 1)),
          pending: false,
        };
    },
    /** The follow button tapped: flips at once; taps while the request is out are ignored (double tap = one). */
    followTapped(state, { payload }: PayloadAction<{ expertId: number; followed: boolean; followers: number }>) {
      const now = state.follows[payload.expertId] ?? {
        followed: payload.followed,
        followers: payload.followers,
        pending: false,
      };
      if (now.pending) return;
      state.follows[payload.expertId] = {
        followed: !now.followed,
        followers: Math.max(0, now.followers + (now.followed ? -1 : 1)),
        pending: true,
      };
      state.followError = null;
    },
    followSettled(state, { payload }: PayloadAction<{ expertId: number; followed: boolean; followers: number }>) {
      state.follows[payload.expertId] = { followed: payload.followed, followers: payload.followers, pending: false };
    },
    /** The request failed: the button goes back to what it was, and the screen says why. */
    followFailed(state, { payload }: PayloadAction<{ expertId: number; message: string }>) {
      const f = state.follows[payload.expertId];
      if (f?.pending)
        state.follows[payload.expertId] = {
          followed: !f.followed,
          followers: Math.max(0, f.followers + (f.followed ? -1 : 1)),
          pending: false,
        };
      state.followError = payload.message;
    },
    questionSubmitted(state, _action: PayloadAction<{ content: string; parentId?: number }>) {
      if (state.ask.status !== 'submitting') state.ask = { status: 'submitting', error: null, resultId: null };
    },
    questionAccepted(state, { payload }: PayloadAction<{ questionId: number }>) {
      state.ask = { status: 'done', error: null, resultId: payload.questionId };
    },
    questionRefused(state, { payload }: PayloadAction<{ message: string }>) {
      state.ask = { status: 'failed', error: payload.message, resultId: null };
    },
    askReset(state) {
      state.ask = initialState.ask;
    },
    /** amount: what the reader declared, in yuan (the server holds it against the rule). */
    qualificationSubmitted(
      state,
      _action: PayloadAction<{ productId: number; basis: 'assets' | 'income'; amount: number }>,
    ) {
      if (state.confirm.status !== 'submitting') state.confirm = { status: 'submitting', error: null, resultId: null };
    },
    /** "我不符合": the reader leaves the private fund; the exit is recorded and the screen says where to go. */
    qualificationDeclined(state, { payload }: PayloadAction<{ productId: number }>) {
      state.declinedProductId = payload.productId;
      state.confirm = initialState.confirm;
    },
    qualificationConfirmed(state, { payload }: PayloadAction<{ productId: number }>) {
      state.confirm = { status: 'done', error: null, resultId: payload.productId };
    },
    qualificationFailed(state, { payload }: PayloadAction<{ message: string }>) {
      state.confirm = { status: 'failed', error: payload.message, resultId: null };
    },
    reviewDecided(
      state,
      { payload }: PayloadAction<{ answerId: number; decision: 'publish' | 'return'; reason?: string }>,
    ) {
      if (state.decisions[payload.answerId]?.status !== 'submitting')
        state.decisions[payload.answerId] = { status: 'submitting', error: null, resultId: null };
    },
    reviewDecisionRecorded(state, { payload }: PayloadAction<{ answerId: number }>) {
      state.decisions[payload.answerId] = { status: 'done', error: null, resultId: payload.answerId };
      for (const list of Object.values(state.lists))
        list.items = list.items.filter((i) => (i as { answer_id?: number }).answer_id !== payload.answerId);
    },
    reviewDecisionFailed(state, { payload }: PayloadAction<{ answerId: number; message: string }>) {
      state.decisions[payload.answerId] = { status: 'failed', error: payload.message, resultId: null };
    },
  },
});

export const {
  listRequested,
  listLoaded,
  listFailed,
  resourceRequested,
  resourceLoaded,
  resourceFailed,
  thumbsTapped,
  thumbsSettled,
  thumbsFailed,
  followTapped,
  followSettled,
  followFailed,
  questionSubmitted,
  questionAccepted,
  questionRefused,
  askReset,
  qualificationSubmitted,
  qualificationDeclined,
  qualificationConfirmed,
  qualificationFailed,
  reviewDecided,
  reviewDecisionRecorded,
  reviewDecisionFailed,
} = knowledgeSlice.actions;

// Injected from this (lazy) module: the home route never carries the store's reducer.
declare module '@/store/root-reducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof knowledgeSlice> {}
}

const injected = knowledgeSlice.injectInto(rootReducer);
export const selectKnowledge = injected.selectSlice;
