import { createSelector } from 'reselect';

import { type PagedList, type Resource, selectKnowledge } from './knowledge-slice';

import type { RootState } from '@/store';

const EMPTY_LIST: PagedList = { status: 'idle', items: [], next: null, error: null, requestId: 0 };
const EMPTY_RESOURCE: Resource = { status: 'idle', data: null, error: null, requestId: 0 };

export const selectLists = createSelector([selectKnowledge], (k) => k.lists);
export const selectResources = createSelector([selectKnowledge], (k) => k.resources);
export const selectLikes = createSelector([selectKnowledge], (k) => k.likes);
export const selectFollows = createSelector([selectKnowledge], (k) => k.follows);
export const selectFollowError = createSelector([selectKnowledge], (k) => k.followError);
export const selectAsk = createSelector([selectKnowledge], (k) => k.ask);
export const selectAskHold = createSelector([selectKnowledge], (k) => k.askHold ?? null);
export const selectQuestionDraft = createSelector([selectKnowledge], (k) => k.draft ?? null);
export const selectConfirm = createSelector([selectKnowledge], (k) => k.confirm);
export const selectDeclinedProduct = createSelector([selectKnowledge], (k) => k.declinedProductId);
export const selectDecisions = createSelector([selectKnowledge], (k) => k.decisions);

export const selectList = (state: RootState, key: string): PagedList => selectLists(state)[key] ?? EMPTY_LIST;
export const selectResource = (state: RootState, key: string): Resource =>
  selectResources(state)[key] ?? EMPTY_RESOURCE;
