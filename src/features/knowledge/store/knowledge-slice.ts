import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';

import type { ListKind } from '../api';
import { tapToggle, type Toggle } from './tap-toggle';

import type { HoldMark } from '@/api/contract/policy-holds';
import type { StoreIndex, StoreQaDetail } from '@/api/contract/store';
import { injectSlice, ssrDataHydrated, statusAfterFailure } from '@/store';

/** The store pages the server renders (server/ssr/loaders.ts), as their endpoints answer a reader with no token. */
export interface StoreSsrData {
  index?: StoreIndex;
  qa?: { id: number; detail: StoreQaDetail };
}
declare module '@/store/ssr' {
  interface SsrPayloads {
    store: StoreSsrData;
  }
}

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
  /** The server says there is no such item (404): trying again cannot help, so the screen offers no retry. */
  gone?: boolean;
  /**
   * Rendered by the server for nobody in particular: opening the screen over it fetches nothing (the HTML is
   * already this data); a signed-in reader's own likes come with the reload the saga asks for them.
   */
  fromServer?: boolean;
}
/** A like as shown: a tap flips it at once (a double tap's second half aside), settled by the server. */
export type LikeState = Toggle<'liked', 'likes'>;
/** The reader's follow of one expert as shown: flipped at once on every tap, settled by the server. */
export type FollowState = Toggle<'followed', 'followers'>;
const like = tapToggle('liked', 'likes');
const follow = tapToggle('followed', 'followers');
export interface QuestionDraft {
  content: string;
  parentId: number | null;
}
export type ResourceKind = 'index' | 'article' | 'qa' | 'member' | 'fund' | 'contract' | 'role';
type Submit = { status: 'idle' | 'submitting' | 'done' | 'failed'; error: string | null; resultId: number | null };

export interface KnowledgeState {
  lists: Record<string, PagedList>;
  resources: Record<string, Resource>;
  likes: Record<string, LikeState>;
  /** By expert id. */
  follows: Record<number, FollowState>;
  followError: string | null;
  ask: Submit;
  /** The policy held the question just sent (待合规审核): its asker is told so instead of "sent". */
  askHold?: HoldMark | null;
  /** A question kept over the sign-in wall, put back in its box when the asker returns without signing in. */
  draft?: QuestionDraft | null;
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
      list.status = statusAfterFailure(list.status, list.items.length > 0);
      list.error = payload.message;
    },
    /** A screen opened over a resource (`open`, the default) or the reader asked for it again (`reload`). */
    resourceRequested(
      state,
      { payload }: PayloadAction<{ key: string; kind: ResourceKind; id?: number; mode?: 'open' | 'reload' }>,
    ) {
      const r = (state.resources[payload.key] ??= { status: 'idle', data: null, error: null, requestId: 0 });
      if (r.fromServer && payload.mode !== 'reload') return;
      delete r.fromServer;
      r.requestId += 1;
      r.status = 'loading';
      r.error = null;
    },
    resourceLoaded(state, { payload }: PayloadAction<{ key: string; requestId: number; data: unknown }>) {
      const r = state.resources[payload.key];
      if (r && r.requestId === payload.requestId)
        Object.assign(r, { status: 'loaded', data: payload.data, error: null });
    },
    resourceFailed(
      state,
      { payload }: PayloadAction<{ key: string; requestId: number; message: string; gone?: boolean }>,
    ) {
      const r = state.resources[payload.key];
      if (r && r.requestId === payload.requestId)
        Object.assign(r, { status: 'failed', error: payload.message, gone: payload.gone === true });
    },
    /** A thumb tapped (see tapToggle): the saga sends only the state the taps end in. */
    thumbsTapped(
      state,
      {
        payload,
      }: PayloadAction<{ itemType: 'answer' | 'article'; itemId: number; liked: boolean; likes: number; at: number }>,
    ) {
      const key = `${payload.itemType}:${payload.itemId}`;
      state.likes[key] = like.tapped(state.likes[key], payload, payload.at);
    },
    /** The server stored (or already had) a state; a tap made since then keeps what it shows. */
    thumbsSettled(state, { payload }: PayloadAction<{ key: string; liked: boolean; likes: number }>) {
      state.likes[payload.key] = like.settled(state.likes[payload.key], payload);
    },
    thumbsFailed(state, { payload }: PayloadAction<{ key: string }>) {
      const l = state.likes[payload.key];
      if (l) state.likes[payload.key] = like.failed(l);
    },
    /** The follow button tapped: flips at once, a double tap's second half aside (as for likes). */
    followTapped(
      state,
      { payload }: PayloadAction<{ expertId: number; followed: boolean; followers: number; at: number }>,
    ) {
      state.followError = null;
      state.follows[payload.expertId] = follow.tapped(state.follows[payload.expertId], payload, payload.at);
    },
    followSettled(state, { payload }: PayloadAction<{ expertId: number; followed: boolean; followers: number }>) {
      state.follows[payload.expertId] = follow.settled(state.follows[payload.expertId], payload);
    },
    /** The request failed: the button goes back to what the server has, and the screen says why. */
    followFailed(state, { payload }: PayloadAction<{ expertId: number; message: string }>) {
      const f = state.follows[payload.expertId];
      if (f) state.follows[payload.expertId] = follow.failed(f);
      state.followError = payload.message;
    },
    questionSubmitted(state, _action: PayloadAction<{ content: string; parentId?: number }>) {
      if (state.ask.status !== 'submitting') state.ask = { status: 'submitting', error: null, resultId: null };
    },
    questionAccepted(state, { payload }: PayloadAction<{ questionId: number; hold?: HoldMark | null }>) {
      state.ask = { status: 'done', error: null, resultId: payload.questionId };
      state.askHold = payload.hold ?? null;
    },
    questionRefused(state, { payload }: PayloadAction<{ message: string }>) {
      state.ask = { status: 'failed', error: payload.message, resultId: null };
    },
    askReset(state) {
      state.ask = initialState.ask;
      state.askHold = null;
    },
    /** A question box is on screen: a question kept over the sign-in wall may be waiting for it. */
    askBoxShown(_state, _action: PayloadAction<{ parentId: number | null }>) {},
    /** The kept question, back in its box (the asker did not sign in): nothing typed is lost. */
    questionDraftRestored(state, { payload }: PayloadAction<QuestionDraft>) {
      state.draft = payload;
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
  extraReducers: (builder) => {
    // The server-rendered store page is the loaded resource its screen reads: hydration shows the same data.
    builder.addCase(ssrDataHydrated, (state, action) => {
      const store = action.payload.data.store;
      const loaded = (data: unknown): Resource => ({
        status: 'loaded',
        data,
        error: null,
        requestId: 0,
        fromServer: true,
      });
      if (store?.index) state.resources.index = loaded(store.index);
      if (store?.qa) state.resources[`qa:${store.qa.id}`] = loaded(store.qa.detail);
    });
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
  askBoxShown,
  questionDraftRestored,
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

export const selectKnowledge = injectSlice(knowledgeSlice);
